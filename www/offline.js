// Registers the service worker (sw.js, next to this file) that keeps the site usable offline.
// Every page of the site loads this module in its <head>. The embeddable element modules do
// not: on a class web site that embeds a board, the worker is not ours to install.
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
