#!/usr/bin/env python3
"""Calibration matches for qitong's computer opponent (issue 15, "Play the computer").

Plays matches over UCI between adjacent levels of `qitong-engine` (1 v 2 ... 7 v 8) and between
its top levels and Debian's Stockfish at its lowest `Skill Level`s, then prints a Markdown table:
games, wins-draws-losses, score, Elo difference with a 95 % error bar, and whether the issue's
goal for that match is met:

  * every level scores >= 70 % against the level below, over >= 40 games from varied openings;
  * level 1 loses >= 70 % of its games to level 2;
  * level 8 beats Stockfish at `Skill Level 0` with equal short time a move.

Levels 1-7 are bounded by the engine's own node and depth limits (a bare `go`), so their games do
not depend on the machine's load; so is level 8 against them (`--nodes-8`, about the second a move
it gets in a game). Level 8 and Stockfish get the same `movetime` against each other. Each opening of
a fixed list is played once with each colour; each game gives both engines their own UCI `Seed`
(Stockfish has none), so a rerun plays the same games for the node-bounded levels.

Requires python-chess and nothing else: `pip install chess` on a fresh machine. Stockfish is
Debian's `stockfish` package (`/usr/games/stockfish`). Run from anywhere:

    python3 benches/calibrate/calibrate.py                       # everything, 40 games a match
    python3 benches/calibrate/calibrate.py --games 4 --pairs 1-2  # a quick look
    python3 benches/calibrate/calibrate.py --pairs 8-sf0,8-sf1 --movetime 100

The UCI example is built once with cargo (release) unless `--engine` names a binary.
"""

import argparse
import concurrent.futures
import datetime
import math
import os
import subprocess
import sys
import threading
from dataclasses import dataclass, field
from pathlib import Path

import chess
import chess.engine
import chess.pgn

ROOT = Path(__file__).resolve().parents[2]

# Short, diverse opening lines (UCI), interleaved so that any prefix of the list mixes open,
# semi-open, closed and flank games. Each is played once with each colour.
OPENINGS = [
    ("Italian", "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5"),
    ("Queen's Gambit Declined", "d2d4 d7d5 c2c4 e7e6 b1c3 g8f6"),
    ("Sicilian, open", "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6"),
    ("English", "c2c4 e7e5 b1c3 g8f6"),
    ("French", "e2e4 e7e6 d2d4 d7d5 b1c3 g8f6"),
    ("King's Indian", "d2d4 g8f6 c2c4 g7g6 b1c3 f8g7 e2e4 d7d6"),
    ("Ruy Lopez", "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6"),
    ("Slav", "d2d4 d7d5 c2c4 c7c6 g1f3 g8f6"),
    ("Caro-Kann, advance", "e2e4 c7c6 d2d4 d7d5 e4e5 c8f5"),
    ("Reti", "g1f3 d7d5 c2c4 e7e6"),
    ("Scotch", "e2e4 e7e5 g1f3 b8c6 d2d4 e5d4"),
    ("Nimzo-Indian", "d2d4 g8f6 c2c4 e7e6 b1c3 f8b4"),
    ("Scandinavian", "e2e4 d7d5 e4d5 d8d5 b1c3 d5a5"),
    ("Dutch", "d2d4 f7f5 g2g3 g8f6"),
    ("King's Gambit", "e2e4 e7e5 f2f4 e5f4"),
    ("Grunfeld", "d2d4 g8f6 c2c4 g7g6 b1c3 d7d5"),
    ("Pirc", "e2e4 d7d6 d2d4 g8f6 b1c3 g7g6"),
    ("Bird", "f2f4 d7d5 g1f3 g8f6"),
    ("Petrov", "e2e4 e7e5 g1f3 g8f6"),
    ("London", "d2d4 d7d5 c1f4 g8f6 e2e3 c7c5"),
    ("Sicilian, Alapin", "e2e4 c7c5 c2c3 g8f6"),
    ("Benoni", "d2d4 g8f6 c2c4 c7c5 d4d5 e7e6"),
    ("Alekhine", "e2e4 g8f6 e4e5 f6d5"),
    ("Vienna", "e2e4 e7e5 b1c3 g8f6"),
]

ADJACENT = [f"{n}-{n + 1}" for n in range(1, 8)]
GOAL_GAMES = 40
GOAL_SCORE = 0.70
MATE_CP = 100_000


@dataclass(frozen=True)
class Player:
    """A qitong level (`level` 1-8) or Stockfish at a `Skill Level` (`skill` 0-20)."""

    level: int = 0
    skill: int = -1

    @property
    def is_stockfish(self) -> bool:
        return self.skill >= 0

    @property
    def label(self) -> str:
        return f"sf{self.skill}" if self.is_stockfish else str(self.level)

    @property
    def long_label(self) -> str:
        return f"Stockfish skill {self.skill}" if self.is_stockfish else f"qitong level {self.level}"


def parse_player(text: str) -> Player:
    text = text.strip().lower()
    if text.startswith("sf") and text[2:].isdigit() and 0 <= int(text[2:]) <= 20:
        return Player(skill=int(text[2:]))
    if text.isdigit() and 1 <= int(text) <= 8:
        return Player(level=int(text))
    raise argparse.ArgumentTypeError(f"'{text}' is neither a level 1-8 nor sf0-sf20")


def parse_pairs(text: str) -> list:
    """`1-2,8-sf0`, with `adjacent` for 1-2 ... 7-8. Each match is turned so that its first
    player is the one expected to win: the higher level, or the qitong level against Stockfish."""
    pairs = []
    for token in text.split(","):
        token = token.strip()
        if token == "adjacent":
            pairs.extend(parse_pairs(",".join(ADJACENT)))
            continue
        parts = token.split("-")
        if len(parts) != 2:
            raise argparse.ArgumentTypeError(f"'{token}' is not a match like 1-2 or 8-sf0")
        a, b = parse_player(parts[0]), parse_player(parts[1])
        if a.is_stockfish and b.is_stockfish:
            raise argparse.ArgumentTypeError(f"'{token}': at least one side must be a qitong level")
        if b.is_stockfish or (not a.is_stockfish and a.level > b.level):
            pairs.append((a, b))
        else:
            pairs.append((b, a))
    return pairs


@dataclass
class GameRecord:
    index: int
    opening: str
    first_is_white: bool
    result: str  # "1-0", "0-1", "1/2-1/2"
    termination: str
    plies: int
    pgn: str

    @property
    def first_points(self) -> float:
        """The points of the match's first player."""
        if self.result == "1/2-1/2":
            return 0.5
        white_won = self.result == "1-0"
        return 1.0 if white_won == self.first_is_white else 0.0


@dataclass
class Match:
    first: Player
    second: Player
    games: list = field(default_factory=list)

    @property
    def name(self) -> str:
        return f"{self.first.label} vs {self.second.label}"

    def wdl(self):
        w = sum(1 for g in self.games if g.first_points == 1.0)
        d = sum(1 for g in self.games if g.first_points == 0.5)
        return w, d, len(self.games) - w - d


def open_engine(player: Player, args, seed: int) -> chess.engine.SimpleEngine:
    if player.is_stockfish:
        engine = chess.engine.SimpleEngine.popen_uci(args.stockfish)
        engine.configure({"Threads": 1, "Hash": args.hash, "Skill Level": player.skill})
    else:
        engine = chess.engine.SimpleEngine.popen_uci(args.engine)
        engine.configure({"Hash": args.hash, "Skill": player.level, "Seed": seed})
    return engine


def limit_for(player: Player, opponent: Player, args) -> chess.engine.Limit:
    """Levels 1-7: a bare `go`, bounded by the level's own nodes and depth. Level 8 and
    Stockfish against each other: the same movetime. Level 8 against a lower level: a node
    budget standing for the second a move it gets in a game (`Level::suggested_movetime_ms`),
    load-independent like the levels below it; a short movetime would leave level 8 searching
    no more than level 7 does, on a shared machine even less."""
    if player.is_stockfish or (player.level == 8 and opponent.is_stockfish):
        return chess.engine.Limit(time=args.movetime / 1000.0)
    if player.level == 8:
        return chess.engine.Limit(nodes=args.nodes_8)
    return chess.engine.Limit()


def score_cp(info: dict, turn: chess.Color):
    """The mover's score in centipawns (mates as +-MATE_CP), or None if it gave none."""
    score = info.get("score")
    return None if score is None else score.pov(turn).score(mate_score=MATE_CP)


def play_game(match: Match, index: int, args) -> GameRecord:
    name, line = OPENINGS[(index // 2) % len(OPENINGS)]
    first_is_white = index % 2 == 0
    board = chess.Board()
    for uci in line.split():
        board.push_uci(uci)
    players = {chess.WHITE: match.first, chess.BLACK: match.second}
    if not first_is_white:
        players = {chess.WHITE: match.second, chess.BLACK: match.first}
    seed = args.seed + index
    engines = {}
    result, termination = None, None
    # Each side's recent scores, its own point of view, for resign adjudication.
    recent = {chess.WHITE: [], chess.BLACK: []}
    try:
        for color in (chess.WHITE, chess.BLACK):
            engines[color] = open_engine(players[color], args, seed)
        while result is None:
            outcome = board.outcome()
            if outcome is not None:
                result, termination = outcome.result(), outcome.termination.name.lower().replace("_", " ")
                break
            if board.is_repetition(3):
                result, termination = "1/2-1/2", "threefold repetition"
                break
            if board.is_fifty_moves():
                result, termination = "1/2-1/2", "fifty moves"
                break
            if board.ply() >= args.max_plies:
                result, termination = "1/2-1/2", f"{args.max_plies}-ply cap"
                break
            turn = board.turn
            try:
                limit = limit_for(players[turn], players[not turn], args)
                played = engines[turn].play(board, limit, game=index, info=chess.engine.INFO_SCORE)
            except (chess.engine.EngineError, chess.engine.EngineTerminatedError) as error:
                print(f"  engine error ({players[turn].long_label}): {error}", file=sys.stderr)
                result, termination = ("0-1" if turn == chess.WHITE else "1-0"), "engine error"
                break
            if played.move is None or played.move not in board.legal_moves:
                result, termination = ("0-1" if turn == chess.WHITE else "1-0"), f"illegal move {played.move}"
                break
            cp = score_cp(played.info, turn)
            recent[turn] = (recent[turn] + [cp])[-args.resign_moves:]
            board.push(played.move)
            if args.resign_cp > 0 and resigns(recent, turn, args):
                winner = turn if recent[turn][-1] > 0 else not turn
                result, termination = ("1-0" if winner == chess.WHITE else "0-1"), "adjudicated"
    finally:
        for engine in engines.values():
            engine.quit()
    game = chess.pgn.Game.from_board(board)
    game.headers.update(
        Event=f"qitong calibration {match.name}",
        Round=str(index + 1),
        White=players[chess.WHITE].long_label,
        Black=players[chess.BLACK].long_label,
        Opening=name,
        Result=result,
        Termination=termination,
    )
    return GameRecord(index, name, first_is_white, result, termination, board.ply(), str(game))


def resigns(recent: dict, mover: chess.Color, args) -> bool:
    """Both engines have agreed for `resign_moves` moves each that one side is `resign_cp` ahead."""
    mine, theirs = recent[mover], recent[not mover]
    if len(mine) < args.resign_moves or len(theirs) < args.resign_moves or None in mine + theirs:
        return False
    r = args.resign_cp
    return (all(s >= r for s in mine) and all(s <= -r for s in theirs)) or (
        all(s <= -r for s in mine) and all(s >= r for s in theirs)
    )


def elo(score: float) -> float:
    return -400.0 * math.log10(1.0 / score - 1.0) + 0.0  # + 0.0: no "-0" at 50 %


def elo_text(w: int, d: int, l: int):
    """The Elo difference and its 95 % error bar, from the per-game variance of the score. A
    clean sweep has no finite estimate: shown as the one-sided 95 % lower bound."""
    n = w + d + l
    s = (w + 0.5 * d) / n
    if s in (0.0, 1.0):
        bound = elo(0.05 ** (1.0 / n))
        return (f"> {bound:+.0f}" if s == 1.0 else f"< {-bound:+.0f}"), "-"
    variance = (w * (1 - s) ** 2 + d * (0.5 - s) ** 2 + l * s**2) / n
    half = 1.96 * math.sqrt(variance / n)
    lo, hi = s - half, s + half
    # Near 0 % or 100 % the interval leaves the scale at one end: only the other end is finite.
    if hi >= 1:
        return f"{elo(s):+.0f}", f"> {elo(lo):+.0f}"
    if lo <= 0:
        return f"{elo(s):+.0f}", f"< {elo(hi):+.0f}"
    return f"{elo(s):+.0f}", f"± {(elo(hi) - elo(lo)) / 2:.0f}"


def goal(match: Match):
    """The issue's goal for this match, as (text, met) — or None if it has none."""
    w, d, l = match.wdl()
    n = max(1, w + d + l)
    score = (w + 0.5 * d) / n
    a, b = match.first, match.second
    if not a.is_stockfish and not b.is_stockfish and a.level == b.level + 1:
        text, met = f"{a.label} scores >= 70 % over >= {GOAL_GAMES} games", score >= GOAL_SCORE
        if b.level == 1:
            text += ", 1 loses >= 70 %"
            met = met and w / n >= GOAL_SCORE
        return text, met and n >= GOAL_GAMES
    if a.level == 8 and b.skill == 0:
        return "8 beats sf0", score > 0.5
    return None


def table(matches: list) -> str:
    rows = [
        "| match | games | W-D-L | score | Elo diff (95 %) | goal | met |",
        "| --- | ---: | ---: | ---: | ---: | --- | --- |",
    ]
    for m in matches:
        w, d, l = m.wdl()
        n = w + d + l
        if n == 0:
            continue
        value, bar = elo_text(w, d, l)
        elo_cell = value if bar == "-" else (f"{value} {bar}" if bar.startswith("±") else f"{value} ({bar})")
        g = goal(m)
        verdict = "-" if g is None else ("PASS" if g[1] else "FAIL")
        if g is not None and "%" in g[0] and n < GOAL_GAMES:
            verdict += f" (the goal needs {GOAL_GAMES} games)"
        rows.append(
            f"| {m.name} | {n} | {w}-{d}-{l} | {100 * (w + 0.5 * d) / n:.1f} % | {elo_cell} | "
            f"{'-' if g is None else g[0]} | {verdict} |"
        )
    return "\n".join(rows)


def endings(match: Match) -> str:
    counts = {}
    for g in match.games:
        counts[g.termination] = counts.get(g.termination, 0) + 1
    plies = sum(g.plies for g in match.games) / max(1, len(match.games))
    parts = ", ".join(f"{k} {v}" for k, v in sorted(counts.items(), key=lambda kv: -kv[1]))
    return f"{match.name}: {parts}; {plies:.0f} plies a game on average"


def build(args) -> None:
    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    command = ["cargo", "build", "--release", "-p", "qitong-engine", "--example", "uci"]
    print("building:", " ".join(command), file=sys.stderr)
    subprocess.run(command, cwd=ROOT, check=True)
    args.engine = str(target / "release" / "examples" / "uci")


def git_commit() -> str:
    try:
        out = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True)
        dirty = subprocess.run(["git", "status", "--porcelain", "crates/engine"], cwd=ROOT, capture_output=True, text=True)
        return out.stdout.strip() + (" + uncommitted engine changes" if dirty.stdout.strip() else "")
    except OSError:
        return "unknown"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pairs", type=parse_pairs, default=parse_pairs("adjacent,8-sf0"),
                        help="matches, comma-separated: 1-2, 8-sf0, 7-sf1 or 'adjacent' (1-2 ... 7-8); default adjacent,8-sf0")
    parser.add_argument("--games", type=int, default=GOAL_GAMES, help="games a match (even: each opening with both colours); default 40")
    parser.add_argument("--movetime", type=float, default=100.0, help="ms a move for level 8 and Stockfish; default 100")
    parser.add_argument("--nodes-8", type=int, default=1_000_000,
                        help="positions a move for level 8 against a lower level (about its second a move natively); default 1000000")
    parser.add_argument("--concurrency", type=int, default=2, help="games at once (one engine thinks in each); default 2")
    parser.add_argument("--max-plies", type=int, default=300, help="a game this long is a draw; default 300")
    parser.add_argument("--resign-cp", type=int, default=1000,
                        help="adjudicate a win once both engines agree a side is this far ahead (0: never); default 1000")
    parser.add_argument("--resign-moves", type=int, default=4, help="...for this many moves of each side; default 4")
    parser.add_argument("--seed", type=int, default=1, help="game i gives both engines UCI Seed seed+i; default 1")
    parser.add_argument("--hash", type=int, default=16, help="MB of hash for every engine; default 16")
    parser.add_argument("--engine", help="the qitong UCI binary (default: build the uci example with cargo once)")
    parser.add_argument("--stockfish", default="/usr/games/stockfish", help="default /usr/games/stockfish")
    parser.add_argument("--pgn", help="write every game to this PGN file")
    args = parser.parse_args()
    if args.games < 1 or args.concurrency < 1:
        parser.error("--games and --concurrency must be at least 1")
    for _, line in OPENINGS:  # a typo in the list must fail loudly, not skew a match
        board = chess.Board()
        for uci in line.split():
            board.push_uci(uci)
    if args.engine is None:
        build(args)

    matches = [Match(a, b) for a, b in args.pairs]
    print(f"# qitong calibration, {datetime.date.today().isoformat()}, engine at {git_commit()}")
    print(f"# {args.games} games a match from {min(len(OPENINGS), (args.games + 1) // 2)} openings x 2 colours; "
          f"levels 1-7 on their own node limits, level 8 {args.nodes_8} nodes a move against them; "
          f"level 8 and Stockfish {args.movetime:g} ms a move against each other; "
          f"adjudication: {args.resign_cp} cp agreed for {args.resign_moves} moves each, draw at {args.max_plies} plies",
          flush=True)
    lock = threading.Lock()
    jobs = [(m, i) for m in matches for i in range(args.games)]
    pgn = open(args.pgn, "w", encoding="utf-8") if args.pgn else None
    try:
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.concurrency) as pool:
            futures = {pool.submit(play_game, m, i, args): (m, i) for m, i in jobs}
            for future in concurrent.futures.as_completed(futures):
                m, i = futures[future]
                record = future.result()
                with lock:
                    m.games.append(record)
                    w, d, l = m.wdl()
                    first = "white" if record.first_is_white else "black"
                    print(f"  [{m.name}] game {i + 1} ({record.opening}, {m.first.label} {first}): {record.result} "
                          f"{record.termination}, {record.plies} plies -> {w}-{d}-{l}", file=sys.stderr, flush=True)
                    if pgn:
                        pgn.write(record.pgn + "\n\n")
                        pgn.flush()
    finally:
        if pgn:
            pgn.close()
    print()
    print(table(matches))
    print()
    for m in matches:
        print("  " + endings(m))
    return 0


if __name__ == "__main__":
    sys.exit(main())
