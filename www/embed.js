// The live examples of embed.html: shapes on the teacher's board, and an event log for the
// board that only lets pawns move (the page vetoes the rest with preventDefault()).
await customElements.whenDefined('chess-board');

document.getElementById('teacher-board').setShapes([
  { orig: 'f3', dest: 'f7', brush: 'red' },
  { orig: 'c4', dest: 'f7', brush: 'red' },
  { orig: 'f7', brush: 'yellow' },
]);

const board = document.getElementById('events-board');
const log = document.getElementById('event-log');
function note(text) {
  const item = document.createElement('li');
  item.textContent = text;
  log.prepend(item);
  while (log.children.length > 6) log.lastElementChild.remove();
}
board.addEventListener('move', (event) => {
  const { san, uci } = event.detail;
  const pawn = /^[a-h]/.test(san);
  if (!pawn) event.preventDefault();
  note(`move ${san} (${uci})${pawn ? '' : ' — 网页否决了：这里只练兵的走法'}`);
});
board.addEventListener('illegal-move', (event) => note(`illegal-move ${event.detail.code}: ${event.detail.message}`));
board.addEventListener('select', (event) => {
  if (event.detail.square) note(`select ${event.detail.square} → ${event.detail.dests.join(' ')}`);
});
board.addEventListener('game-over', (event) => note(`game-over ${event.detail.result} ${event.detail.reason}`));
