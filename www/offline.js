// Registers the service worker (sw.js, next to this file) that keeps the site usable offline,
// and says on the page when one of the page's own modules cannot be loaded. Every page of the
// site loads this module in its <head>, before its own. The embeddable element modules do not: on
// a class web site that embeds a board, the worker is not ours to install.
//
// After the page's load event, so that the worker's download of the whole site never slows a
// child's first page. Its scope is this folder, so the site works under any sub-path.
function register() {
  navigator.serviceWorker.register(new URL('sw.js', import.meta.url), { type: 'classic' }).catch((error) => {
    // Without the worker the site still works online; say why for whoever looks.
    console.warn('offline mode unavailable:', error.message);
  });
}

if ('serviceWorker' in navigator && window.isSecureContext) {
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

// A module script whose file (or a file it imports) cannot be downloaded never runs: the page
// would stay blank, or on "正在加载……", for good. Its <script> gets an `error` event (which does
// not bubble: listened to on the way down); this module runs before the page's own.
document.addEventListener(
  'error',
  (event) => {
    const script = event.target;
    if (!(script instanceof HTMLScriptElement) || script.type !== 'module' || document.querySelector('.load-failed')) return;
    const note = document.createElement('p');
    note.setAttribute('role', 'alert');
    note.className = 'load-failed';
    note.textContent = '页面没能加载出来，请刷新再试一次。 The page could not load: please reload.';
    document.querySelector('.hm-loading')?.remove();
    document.body.prepend(note);
  },
  true,
);
