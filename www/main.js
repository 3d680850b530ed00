// The first page: loads the Rust core (WebAssembly) and lets it draw the start position.
import init, { mountBoard } from './pkg/qitong.js';

try {
  await init();
  mountBoard(document.getElementById('board'));
} catch (error) {
  document.getElementById('status').textContent = '棋盘没能加载出来，请刷新页面再试一次。';
  throw error;
}
