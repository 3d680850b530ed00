// The browser's storage for the pages whose words are in JavaScript (embed, frame):
// every access may throw (storage blocked, private mode) or fail (a full quota). These never
// throw; they say whether it worked, so the page can tell the teacher or child.

/** What the pages say when this computer cannot save (zh-CN first, English second). */
// generated: no-storage
export const NO_STORAGE = {
  'zh-CN': "这台电脑不能保存进度和选择：关掉页面以后就没有了。页面照常可以用。",
  en: "This computer can't save progress or choices: they are gone when the page is closed. The page works as usual.",
};
// /generated

const PROBE_KEY = 'qitong-storage-probe';

/** The stored text under `key`, or null when there is none or storage refuses. */
export function readStored(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Writes `value` under `key`; false when storage refuses (blocked or full). */
export function store(key, value) {
  try {
    localStorage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

/** Whether this computer keeps anything: a read and a small write both work. */
export function storageWorks() {
  try {
    localStorage.getItem(PROBE_KEY);
    localStorage.setItem(PROBE_KEY, '1');
    localStorage.removeItem(PROBE_KEY);
    return true;
  } catch {
    return false;
  }
}

/** A status note in both languages, for pages that show one by `html[lang]` (`.zh` / `.en`). */
export function storageNote(className) {
  const note = document.createElement('p');
  note.className = className;
  note.setAttribute('role', 'status');
  for (const [lang, cls] of [['zh-CN', 'zh'], ['en', 'en']]) {
    const span = document.createElement('span');
    span.className = cls;
    span.lang = lang;
    span.textContent = NO_STORAGE[lang];
    note.append(span);
  }
  return note;
}
