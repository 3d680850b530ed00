// The home page (course map) and the certificate page: both are Rust (web/home/src/view.rs) in
// the home page's own module (./pkg/qitong_home.js, without the board and the lesson player);
// this only fetches the course index and mounts the page named by the element's `data-page`
// (`home` or `certificate`). The modules are imported inside the `try`: a missing file then says
// so on the page instead of leaving "正在加载……" there for good.
const element = document.getElementById('home');
try {
  const [{ default: init, mountHome }, { fetchText, INDEX_FILE }] = await Promise.all([
    import('./pkg/qitong_home.js'),
    import('./qitong-lesson-elements.js'),
  ]);
  // The map needs the course index alone (no lesson file), fetched while the module compiles.
  const [index] = await Promise.all([fetchText(new URL(`lessons/${INDEX_FILE}`, document.baseURI)), init()]);
  element.replaceChildren();
  // Kept for the page's life: dropping it would remove its listeners.
  globalThis.qitongHome = mountHome(element, element.dataset.page ?? 'home', index, [], []);
} catch (error) {
  const note = document.createElement('p');
  note.setAttribute('role', 'alert');
  note.className = 'load-failed';
  note.textContent = '页面没能加载出来，请刷新再试一次。 The page could not load: please reload.';
  element.replaceChildren(note);
  throw error;
}
