// The page of `sokoban render`: draws every level from its XSB rows, and
// lets a person browse, play, replay and export. No network, no library:
// the levels come from the JSON in #sokoban-data.
'use strict';

(function () {
  const DATA = JSON.parse(document.getElementById('sokoban-data').textContent);
  const LEVELS = DATA.levels;
  const STEP = { l: [-1, 0], u: [0, -1], r: [1, 0], d: [0, 1] };
  const COLOR = {
    floor: '#efe6d2', floorLine: '#d9ccb0',
    wall: '#6f6257', wallLight: '#8d7f72', wallDark: '#54493f', wallTop: '#a39384', wallLine: '#4d433b',
    goal: '#e0457b', goalInner: '#f9d3e1',
    box: '#e39a3b', boxLine: '#8a5518', boxTop: '#f3b45c', boxLeft: '#d38a2e', boxRight: '#a8661a',
    boxGoal: '#47b565', boxGoalLine: '#1e6a34', boxGoalTop: '#74d490', boxGoalLeft: '#3fa65a',
    boxGoalRight: '#2a7a40',
    player: '#2f6fe0', playerLine: '#163a80', face: '#f1c9a0', faceLine: '#8a6a4a',
  };

  // ---- The board and the rules -------------------------------------------

  // A level's fixed parts from its rows: walls, goals, the floor to draw
  // (reachable with the boxes taken away, plus goals and boxes), and the
  // start position.
  function parseBoard(level) {
    const rows = level.rows;
    const h = rows.length;
    let w = 0;
    for (const r of rows) w = Math.max(w, r.length);
    const n = w * h;
    const wall = new Uint8Array(n), goal = new Uint8Array(n), floor = new Uint8Array(n);
    const boxes = [];
    let player = -1;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const c = rows[y][x] || ' ';
        const sq = y * w + x;
        if (c === '#') wall[sq] = 1;
        if (c === '.' || c === '*' || c === '+') goal[sq] = 1;
        if (c === '$' || c === '*') boxes.push(sq);
        if (c === '@' || c === '+') player = sq;
      }
    }
    const stack = player >= 0 ? [player] : [];
    if (player >= 0) floor[player] = 1;
    while (stack.length) {
      const sq = stack.pop();
      const x = sq % w, y = (sq - x) / w;
      for (const [dx, dy] of Object.values(STEP)) {
        const nx = x + dx, ny = y + dy;
        if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
        const next = ny * w + nx;
        if (!wall[next] && !floor[next]) { floor[next] = 1; stack.push(next); }
      }
    }
    for (let sq = 0; sq < n; sq++) if (goal[sq]) floor[sq] = 1;
    for (const sq of boxes) floor[sq] = 1;
    return { w, h, wall, goal, floor, boxes, player };
  }

  // A position and its history. step() follows the rules of Sokoban; every
  // step can be undone and redone.
  class Game {
    constructor(board) { this.board = board; this.reset(); }
    reset() {
      const b = this.board;
      this.box = new Int32Array(b.w * b.h).fill(-1);
      b.boxes.forEach((sq, id) => { this.box[sq] = id; });
      this.player = b.player;
      this.history = [];  // letters, pushes in capitals
      this.future = [];
      this.pushes = 0;
    }
    neighbour(sq, letter) {
      const w = this.board.w, x = sq % w, y = (sq - x) / w;
      const nx = x + STEP[letter][0], ny = y + STEP[letter][1];
      if (nx < 0 || ny < 0 || nx >= w || ny >= this.board.h) return -1;
      return ny * w + nx;
    }
    // Moves the player; returns 'moved', 'pushed' or null when blocked.
    apply(letter) {
      const next = this.neighbour(this.player, letter);
      if (next < 0 || this.board.wall[next]) return null;
      if (this.box[next] < 0) { this.player = next; return 'moved'; }
      const beyond = this.neighbour(next, letter);
      if (beyond < 0 || this.board.wall[beyond] || this.box[beyond] >= 0) return null;
      this.box[beyond] = this.box[next];
      this.box[next] = -1;
      this.player = next;
      this.pushes++;
      return 'pushed';
    }
    step(letter) {
      const r = this.apply(letter);
      if (r) {
        this.history.push(r === 'pushed' ? letter.toUpperCase() : letter);
        this.future = [];
      }
      return r;
    }
    undo() {
      const m = this.history.pop();
      if (!m) return false;
      const letter = m.toLowerCase();
      const back = { l: 'r', r: 'l', u: 'd', d: 'u' }[letter];
      const from = this.player;
      this.player = this.neighbour(from, back);
      if (m !== letter) {  // a push: pull the box back
        const boxSq = this.neighbour(from, letter);
        this.box[from] = this.box[boxSq];
        this.box[boxSq] = -1;
        this.pushes--;
      }
      this.future.push(m);
      return true;
    }
    redo() {
      const m = this.future.pop();
      if (!m) return false;
      this.apply(m.toLowerCase());
      this.history.push(m);
      return true;
    }
    solved() {
      for (let sq = 0; sq < this.box.length; sq++) if (this.box[sq] >= 0 && !this.board.goal[sq]) return false;
      return true;
    }
    lurd() { return this.history.join(''); }
  }

  // ---- Drawing -----------------------------------------------------------

  function sizeCanvas(canvas, cssW, cssH) {
    const ratio = window.devicePixelRatio || 1;
    canvas.width = Math.round(cssW * ratio);
    canvas.height = Math.round(cssH * ratio);
    canvas.style.width = cssW + 'px';
    canvas.style.height = cssH + 'px';
    const ctx = canvas.getContext('2d');
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    return ctx;
  }

  function poly(ctx, points, fill, stroke) {
    ctx.beginPath();
    ctx.moveTo(points[0], points[1]);
    for (let i = 2; i < points.length; i += 2) ctx.lineTo(points[i], points[i + 1]);
    ctx.closePath();
    ctx.fillStyle = fill;
    ctx.fill();
    if (stroke) { ctx.strokeStyle = stroke; ctx.stroke(); }
  }

  // Top-down view, t pixels a square.
  function drawTop(ctx, board, box, player, t) {
    const { w, h } = board;
    ctx.lineWidth = Math.max(1, t / 32);
    for (let sq = 0; sq < w * h; sq++) {
      const x = (sq % w) * t, y = Math.floor(sq / w) * t;
      if (board.wall[sq]) {
        ctx.fillStyle = COLOR.wall;
        ctx.fillRect(x, y, t, t);
        ctx.fillStyle = COLOR.wallLight;
        ctx.fillRect(x + t * 0.1, y + t * 0.1, t * 0.8, t * 0.16);
        ctx.strokeStyle = COLOR.wallLine;
        ctx.strokeRect(x + 0.5, y + 0.5, t - 1, t - 1);
      } else if (board.floor[sq]) {
        ctx.fillStyle = COLOR.floor;
        ctx.fillRect(x, y, t, t);
        ctx.strokeStyle = COLOR.floorLine;
        ctx.strokeRect(x + 0.5, y + 0.5, t - 1, t - 1);
      }
    }
    for (let sq = 0; sq < w * h; sq++) {
      const cx = (sq % w + 0.5) * t, cy = (Math.floor(sq / w) + 0.5) * t;
      if (board.goal[sq]) {
        circle(ctx, cx, cy, t * 0.25, COLOR.goal);
        circle(ctx, cx, cy, t * 0.12, COLOR.goalInner);
      }
      if (box[sq] >= 0) {
        const on = board.goal[sq];
        const x = cx - t * 0.41, s = t * 0.82;
        ctx.fillStyle = on ? COLOR.boxGoal : COLOR.box;
        ctx.strokeStyle = on ? COLOR.boxGoalLine : COLOR.boxLine;
        ctx.lineWidth = Math.max(1, t / 16);
        roundRect(ctx, x, cy - t * 0.41, s, s, t * 0.12);
        ctx.fill();
        ctx.stroke();
        ctx.beginPath();
        ctx.moveTo(cx - t * 0.25, cy - t * 0.25); ctx.lineTo(cx + t * 0.25, cy + t * 0.25);
        ctx.moveTo(cx + t * 0.25, cy - t * 0.25); ctx.lineTo(cx - t * 0.25, cy + t * 0.25);
        ctx.stroke();
        if (on) circle(ctx, cx, cy, t * 0.12, COLOR.goal);
      }
      if (sq === player) {
        if (board.goal[sq]) {
          ctx.beginPath();
          ctx.arc(cx, cy, t * 0.44, 0, 2 * Math.PI);
          ctx.strokeStyle = COLOR.goal;
          ctx.lineWidth = Math.max(1.5, t / 11);
          ctx.stroke();
        }
        circle(ctx, cx, cy, t * 0.31, COLOR.player, COLOR.playerLine, Math.max(1, t / 16));
        circle(ctx, cx - t * 0.11, cy - t * 0.06, t * 0.06, '#fff');
        circle(ctx, cx + t * 0.11, cy - t * 0.06, t * 0.06, '#fff');
      }
    }
  }

  function circle(ctx, x, y, r, fill, stroke, width) {
    ctx.beginPath();
    ctx.arc(x, y, r, 0, 2 * Math.PI);
    ctx.fillStyle = fill;
    ctx.fill();
    if (stroke) { ctx.strokeStyle = stroke; ctx.lineWidth = width; ctx.stroke(); }
  }

  function roundRect(ctx, x, y, w, h, r) {
    ctx.beginPath();
    ctx.moveTo(x + r, y);
    ctx.arcTo(x + w, y, x + w, y + h, r);
    ctx.arcTo(x + w, y + h, x, y + h, r);
    ctx.arcTo(x, y + h, x, y, r);
    ctx.arcTo(x, y, x + w, y, r);
    ctx.closePath();
  }

  // Isometric view: 2:1 diamonds hw pixels half-wide; walls and boxes are
  // blocks, drawn by diagonal row x + y from the back to the front.
  function isoSize(board, hw) {
    return { width: (board.w + board.h) * hw, height: (board.w + board.h) * hw / 2 + isoTop(hw) };
  }
  function isoTop(hw) { return Math.ceil(hw * 1.25); }

  function drawIso(ctx, board, box, player, hw) {
    const { w, h } = board;
    const hh = hw / 2, top = isoTop(hw);
    const corner = (sq) => {
      const x = sq % w, y = Math.floor(sq / w);
      return [(x - y + h) * hw, (x + y) * hh + top];
    };
    ctx.lineWidth = 1;
    // 1. Floor and goals, flat under everything.
    for (let sq = 0; sq < w * h; sq++) {
      if (board.wall[sq] || !board.floor[sq]) continue;
      const [sx, sy] = corner(sq);
      poly(ctx, [sx, sy, sx + hw, sy + hh, sx, sy + 2 * hh, sx - hw, sy + hh], COLOR.floor, COLOR.floorLine);
      if (board.goal[sq]) {
        ellipse(ctx, sx, sy + hh, hw * 0.5, hh * 0.5, COLOR.goal);
        ellipse(ctx, sx, sy + hh, hw * 0.25, hh * 0.25, COLOR.goalInner);
      }
    }
    // 2. Blocks and the player, back to front.
    const block = (sx, sy, half, height, inset, top, left, right) => {
      const a = sy + inset, m = sy + hh, b = sy + 2 * hh - inset;
      poly(ctx, [sx - half, m, sx - half, m - height, sx, b - height, sx, b], left);
      poly(ctx, [sx + half, m, sx + half, m - height, sx, b - height, sx, b], right);
      poly(ctx, [sx, a - height, sx + half, m - height, sx, b - height, sx - half, m - height], top);
    };
    for (let depth = 0; depth <= w + h - 2; depth++) {
      for (let x = Math.max(0, depth - h + 1); x <= Math.min(depth, w - 1); x++) {
        const sq = (depth - x) * w + x;
        const [sx, sy] = corner(sq);
        if (board.wall[sq]) {
          block(sx, sy, hw, hw * 0.75, 0, COLOR.wallTop, COLOR.wall, COLOR.wallDark);
        } else if (box[sq] >= 0) {
          const on = board.goal[sq];
          block(sx, sy, hw * 0.75, hw * 0.625, hh * 0.25,
            on ? COLOR.boxGoalTop : COLOR.boxTop, on ? COLOR.boxGoalLeft : COLOR.boxLeft,
            on ? COLOR.boxGoalRight : COLOR.boxRight);
          if (on) ellipse(ctx, sx, sy + hh - hw * 0.625, hw * 0.25, hh * 0.25, COLOR.goal);
        } else if (sq === player) {
          if (board.goal[sq]) {
            ctx.beginPath();
            ctx.ellipse(sx, sy + hh, hw * 0.7, hh * 0.7, 0, 0, 2 * Math.PI);
            ctx.strokeStyle = COLOR.goal;
            ctx.lineWidth = Math.max(1.5, hw / 6);
            ctx.stroke();
            ctx.lineWidth = 1;
          }
          ellipse(ctx, sx, sy + hh * 1.1, hw * 0.45, hh * 0.45, 'rgba(0,0,0,0.25)');
          ctx.fillStyle = COLOR.player;
          ctx.strokeStyle = COLOR.playerLine;
          roundRect(ctx, sx - hw * 0.34, sy + hh * 1.1 - hw, hw * 0.68, hw, hw * 0.3);
          ctx.fill();
          ctx.stroke();
          circle(ctx, sx, sy + hh * 1.1 - hw * 1.2, hw * 0.36, COLOR.face, COLOR.faceLine, 1);
        }
      }
    }
  }

  function ellipse(ctx, x, y, rx, ry, fill) {
    ctx.beginPath();
    ctx.ellipse(x, y, rx, ry, 0, 0, 2 * Math.PI);
    ctx.fillStyle = fill;
    ctx.fill();
  }

  // ---- Progress kept in the browser --------------------------------------

  function progressKey(level) {
    let hash = 0;
    for (const ch of level.rows.join('\n')) hash = (Math.imul(hash, 31) + ch.charCodeAt(0)) | 0;
    return 'sokoban-progress:' + (hash >>> 0).toString(36) + ':' + level.width + 'x' + level.height;
  }
  function loadProgress(level) {
    try { return JSON.parse(localStorage.getItem(progressKey(level))) || {}; } catch (e) { return {}; }
  }
  function saveProgress(level, p) {
    try { localStorage.setItem(progressKey(level), JSON.stringify(p)); } catch (e) { /* storage off */ }
  }
  // Records an outcome: won (with the moves and pushes), lost or abandoned.
  function recordOutcome(level, outcome, game) {
    const p = loadProgress(level);
    p.last = outcome;
    p.plays = (p.plays || 0) + 1;
    if (outcome === 'won') {
      const mine = { moves: game.history.length, pushes: game.pushes, lurd: game.lurd() };
      if (!p.best || mine.moves < p.best.moves) p.best = mine;
    }
    saveProgress(level, p);
  }

  // ---- The index ---------------------------------------------------------

  const $ = (id) => document.getElementById(id);
  const boards = new Map();
  function boardOf(i) {
    if (!boards.has(i)) boards.set(i, parseBoard(LEVELS[i]));
    return boards.get(i);
  }

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function formatSeconds(s) { return Number(s).toFixed(3) + ' s'; }

  function progressText(level) {
    const p = loadProgress(level);
    if (p.best) return ['won', 'solved by you: ' + p.best.moves + ' moves, ' + p.best.pushes + ' pushes'];
    if (p.last) return [p.last, 'last play: ' + p.last];
    return ['', ''];
  }

  function buildIndex() {
    const cards = $('cards');
    const frag = document.createDocumentFragment();
    LEVELS.forEach((level, i) => {
      const card = el('a', 'card');
      card.href = '#' + (i + 1);
      card.dataset.level = String(i + 1);
      const thumb = el('div', 'thumb');
      const canvas = el('canvas');
      thumb.appendChild(canvas);
      card.appendChild(thumb);
      card.appendChild(el('div', 'name', (level.title || '(untitled)')));
      card.appendChild(el('div', 'meta', level.width + '\u00d7' + level.height + ', ' + level.boxes +
        ' boxes \u00b7 ' + baseName(level.file) + ' #' + level.index));
      const r = level.result;
      if (r) {
        const line = el('div', 'result');
        line.appendChild(el('span', 'res-status ' + r.status, r.status));
        if (r.status === 'solved') {
          line.append(' \u00b7 ');
          line.appendChild(el('span', 'res-moves', String(r.moves)));
          line.append(' moves \u00b7 ');
          line.appendChild(el('span', 'res-pushes', String(r.pushes)));
          line.append(' pushes');
        }
        line.append(' \u00b7 ');
        line.appendChild(el('span', 'res-seconds', formatSeconds(r.seconds)));
        line.append(' \u00b7 ');
        line.appendChild(el('span', 'res-states', String(r.states)));
        line.append(' states');
        if (r.status !== 'solved' && r.best_on_goals != null) {
          line.append(' \u00b7 at best ');
          line.appendChild(el('span', 'res-best', r.best_on_goals + '/' + level.boxes));
          line.append(' on goals');
        }
        card.appendChild(line);
      } else if (level.solutions.length) {
        card.appendChild(el('div', 'result', level.solutions.length + ' stored solution' +
          (level.solutions.length > 1 ? 's' : '')));
      }
      if (level.metrics) {
        card.appendChild(el('div', 'metrics', level.metrics.map(([k, v]) => k + ' ' + v).join(' \u00b7 ')));
      }
      const [cls, text] = progressText(level);
      card.appendChild(el('div', 'mine ' + cls, text));
      frag.appendChild(card);
    });
    cards.appendChild(frag);
    // Thumbnails are drawn when they come into sight, so that a page of
    // thousands of levels opens at once.
    const draw = (card) => {
      const i = Number(card.dataset.level) - 1;
      const b = boardOf(i);
      const t = Math.max(2, Math.min(16, Math.floor(Math.min(170 / b.w, 120 / b.h))));
      const ctx = sizeCanvas(card.querySelector('canvas'), b.w * t, b.h * t);
      const g = new Game(b);
      drawTop(ctx, b, g.box, g.player, t);
    };
    if ('IntersectionObserver' in window) {
      const seen = new IntersectionObserver((entries) => {
        for (const e of entries) {
          if (e.isIntersecting) { seen.unobserve(e.target); draw(e.target); }
        }
      }, { rootMargin: '300px' });
      for (const card of cards.children) seen.observe(card);
    } else {
      for (const card of cards.children) draw(card);
    }
    summarize();
  }

  function summarize() {
    let solver = 0, withResult = 0, mine = 0;
    for (const level of LEVELS) {
      if (level.result) { withResult++; if (level.result.status === 'solved') solver++; }
      if (loadProgress(level).best) mine++;
    }
    let text = LEVELS.length + ' level' + (LEVELS.length === 1 ? '' : 's');
    if (withResult) text += ' \u00b7 ' + solver + ' of ' + withResult + ' solved by the solver';
    text += ' \u00b7 ' + mine + ' solved by you';
    $('summary').textContent = text;
  }

  function refreshCard(i) {
    const card = document.querySelector('.card[data-level="' + (i + 1) + '"] .mine');
    if (!card) return;
    const [cls, text] = progressText(LEVELS[i]);
    card.className = 'mine ' + cls;
    card.textContent = text;
  }

  function baseName(path) { return String(path).split('/').pop(); }

  // ---- The level view ----------------------------------------------------

  const play = {
    index: -1, game: null, view: 'top',
    started: 0, stopped: 0, limit: 0, finished: '', timer: 0, replay: null, assisted: false,
  };

  function openLevel(i) {
    leaveLevel();
    play.index = i;
    play.game = new Game(boardOf(i));
    play.started = 0;
    play.finished = '';
    play.assisted = false;
    const level = LEVELS[i];
    const name = level.title && level.title !== String(level.index) ? ': ' + level.title : '';
    $('level-title').textContent = 'Level ' + level.index + name;
    document.title = (level.title || 'Level ' + (i + 1)) + ' \u2013 ' + DATA.title;
    $('lurd').value = '';
    const select = $('solution-select');
    select.textContent = '';
    level.solutions.forEach((s, k) => {
      const o = el('option', '', s.title + ' (' + s.moves.length + ' moves)');
      o.value = String(k);
      select.appendChild(o);
    });
    const none = level.solutions.length === 0;
    if (none) select.appendChild(el('option', '', 'no solution to replay'));
    for (const id of ['solution-select', 'replay-back', 'replay-play', 'replay-step']) $(id).disabled = none;
    facts(level);
    $('index-view').hidden = true;
    $('level-view').hidden = false;
    render();
  }

  function facts(level) {
    const dl = $('level-facts');
    dl.textContent = '';
    const add = (k, v) => { dl.appendChild(el('dt', '', k)); dl.appendChild(el('dd', '', v)); };
    add('File', baseName(level.file) + ', level ' + level.index);
    if (level.collection) add('Collection', level.collection);
    if (level.author) add('Author', level.author);
    add('Size', level.width + '\u00d7' + level.height + ', ' + level.boxes + ' boxes');
    const r = level.result;
    if (r) {
      add('Solver', r.status + (r.status === 'solved' ? ', ' + r.moves + ' moves, ' + r.pushes + ' pushes'
        : r.best_on_goals != null ? ', at best ' + r.best_on_goals + ' of ' + level.boxes + ' boxes on goals' : ''));
      add('Solver effort', formatSeconds(r.seconds) + ', ' + r.states + ' states');
      if (r.furthest) furthest(dl, level, r.furthest);
    }
    for (const [k, v] of level.metrics || []) add(k, String(v));
    const p = loadProgress(level);
    if (p.best) add('Your best', p.best.moves + ' moves, ' + p.best.pushes + ' pushes');
    if (p.last) add('Last play', p.last);
  }

  // The furthest position the solver reached on a level it left unsolved,
  // drawn small under its facts.
  function furthest(dl, level, f) {
    dl.appendChild(el('dt', '', 'Best position'));
    const dd = el('dd', 'furthest');
    dd.appendChild(el('div', '', f.on_goals + ' of ' + level.boxes + ' boxes on goals (the ' +
      f.member + ' search, at its expansion ' + f.at + ')'));
    const canvas = document.createElement('canvas');
    canvas.id = 'furthest-board';
    dd.appendChild(canvas);
    dl.appendChild(dd);
    const b = parseBoard({ rows: f.rows });
    const t = Math.max(2, Math.min(12, Math.floor(Math.min(200 / b.w, 160 / b.h))));
    const g = new Game(b);
    drawTop(sizeCanvas(canvas, b.w * t, b.h * t), b, g.box, g.player, t);
  }

  // An unfinished play that had moves counts as abandoned when the player
  // leaves it (another level, the index, a restart).
  function leaveLevel() {
    stopReplay();
    if (play.game && !play.finished && !play.assisted && play.game.history.length > 0) {
      recordOutcome(LEVELS[play.index], 'abandoned', play.game);
      refreshCard(play.index);
      play.finished = 'abandoned';
    }
    clearInterval(play.timer);
    play.timer = 0;
  }

  function restart() {
    leaveLevel();
    openLevel(play.index);
  }

  // Seconds played; the clock stops when the play is won or lost.
  function elapsed() {
    if (!play.started) return 0;
    return ((play.finished === 'won' || play.finished === 'lost' ? play.stopped : Date.now()) -
      play.started) / 1000;
  }

  function tick() {
    if (!play.started || play.finished) return;
    if (play.limit && elapsed() >= play.limit) {
      play.finished = 'lost';
      play.stopped = play.started + play.limit * 1000;
      clearInterval(play.timer);
      recordOutcome(LEVELS[play.index], 'lost', play.game);
      refreshCard(play.index);
      facts(LEVELS[play.index]);
    }
    render();
  }

  // Time played, or with a limit the time left.
  function clockText() {
    const s = play.limit ? Math.max(0, Math.ceil(play.limit - elapsed())) : Math.floor(elapsed());
    return Math.floor(s / 60) + ':' + String(s % 60).padStart(2, '0');
  }

  function userStep(letter) {
    if (play.finished === 'lost') return;
    if (play.replay) { stopReplay(); play.assisted = true; }
    if (!play.game.step(letter)) return;
    if (!play.started) {
      play.started = Date.now();
      play.timer = setInterval(tick, 250);
    }
    afterChange();
  }

  function afterChange() {
    const g = play.game;
    if (!play.finished && g.solved()) {
      play.finished = play.assisted || play.replay ? 'replayed' : 'won';
      play.stopped = Date.now();
      clearInterval(play.timer);
      if (play.finished === 'won') {
        recordOutcome(LEVELS[play.index], 'won', g);
        refreshCard(play.index);
        facts(LEVELS[play.index]);
        summarize();
      }
    }
    render();
  }

  function render() {
    const g = play.game;
    if (!g) return;
    const b = g.board;
    const canvas = $('board');
    const availW = Math.max(200, Math.min(1000, window.innerWidth - 380));
    const availH = Math.max(200, window.innerHeight - 140);
    let ctx;
    if (play.view === 'top') {
      const t = Math.max(8, Math.min(64, Math.floor(Math.min(availW / b.w, availH / b.h))));
      ctx = sizeCanvas(canvas, b.w * t, b.h * t);
      drawTop(ctx, b, g.box, g.player, t);
    } else {
      const hw = Math.max(5, Math.min(48, Math.floor(Math.min(availW / (b.w + b.h),
        availH / ((b.w + b.h) / 2 + 1.25)))));
      const size = isoSize(b, hw);
      ctx = sizeCanvas(canvas, size.width, size.height);
      drawIso(ctx, b, g.box, g.player, hw);
    }
    canvas.dataset.view = play.view;
    $('moves').textContent = String(g.history.length);
    $('pushes').textContent = String(g.pushes);
    $('clock').textContent = clockText();
    const solved = g.solved();
    let status = 'Playing';
    if (play.finished === 'won') status = 'Solved! Won in ' + g.history.length + ' moves, ' + g.pushes + ' pushes';
    else if (play.finished === 'lost') status = 'Time is up: lost. Press r to try again';
    else if (solved && (play.replay || play.finished === 'replayed')) status = 'Solved (replay)';
    else if (solved) status = 'Solved';
    else if (play.replay) status = 'Replaying';
    if (play.limit && !play.finished) status += ' \u00b7 limit ' + play.limit + ' s';
    $('status').textContent = status;
    $('status').className = 'status ' + (solved ? 'won' : play.finished);
    const banner = $('banner');
    banner.hidden = !(solved || play.finished === 'lost');
    banner.textContent = play.finished === 'lost' ? 'Lost' : 'Solved!';
    banner.className = play.finished === 'lost' ? 'lost' : '';
    $('view-toggle').textContent = play.view === 'top' ? 'Iso view' : 'Top view';
    const r = play.replay;
    const sol = currentSolution();
    $('replay-pos').textContent = r ? 'move ' + r.pos + ' of ' + sol.moves.length : (sol ? sol.moves.length + ' moves' : '');
    $('replay-play').textContent = r && r.playing ? 'Pause' : 'Play';
  }

  // ---- Replay ------------------------------------------------------------

  function currentSolution() {
    const level = LEVELS[play.index];
    return level && level.solutions[Number($('solution-select').value) || 0];
  }

  // Replay starts from the level's start and steps the same rules engine.
  function ensureReplay() {
    if (play.replay) return play.replay;
    if (!currentSolution()) return null;
    leaveLevel();
    play.game.reset();
    play.started = 0;
    play.finished = '';
    play.replay = { pos: 0, playing: false, timer: 0 };
    return play.replay;
  }

  function replayForward() {
    const r = ensureReplay();
    if (!r) return false;
    const moves = currentSolution().moves;
    if (r.pos >= moves.length) return false;
    play.game.step(moves[r.pos].toLowerCase());
    r.pos++;
    afterChange();
    return true;
  }

  function replayBack() {
    const r = ensureReplay();
    if (!r || r.pos === 0) return;
    play.game.undo();
    r.pos--;
    play.finished = '';
    render();
  }

  function replayToggle() {
    const r = ensureReplay();
    if (!r) return;
    if (r.playing) { pauseReplay(); render(); return; }
    if (r.pos >= currentSolution().moves.length) {  // at the end: from the start again
      play.game.reset();
      play.finished = '';
      r.pos = 0;
    }
    r.playing = true;
    const speed = Number($('replay-speed').value) || 5;
    r.timer = setInterval(() => { if (!replayForward()) { pauseReplay(); render(); } }, 1000 / speed);
    render();
  }

  function pauseReplay() {
    const r = play.replay;
    if (r) { clearInterval(r.timer); r.playing = false; }
  }

  function stopReplay() {
    pauseReplay();
    play.replay = null;
  }

  // ---- Routing and input -------------------------------------------------

  function route() {
    const n = Number(location.hash.slice(1));
    if (Number.isInteger(n) && n >= 1 && n <= LEVELS.length) {
      openLevel(n - 1);
    } else {
      leaveLevel();
      play.game = null;
      play.index = -1;
      document.title = DATA.title;
      $('level-view').hidden = true;
      $('index-view').hidden = false;
    }
  }

  function go(i) {
    if (i >= 0 && i < LEVELS.length) location.hash = '#' + (i + 1);
  }

  function exportLurd() {
    const text = play.game.lurd();
    const area = $('lurd');
    area.value = text;
    if (navigator.clipboard) navigator.clipboard.writeText(text).catch(() => {});
  }

  const MOVE_KEYS = {
    ArrowLeft: 'l', ArrowUp: 'u', ArrowRight: 'r', ArrowDown: 'd', a: 'l', w: 'u', d: 'r', s: 'd',
  };

  document.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (!play.game) return;
    const tag = (e.target && e.target.tagName) || '';
    if ((tag === 'TEXTAREA' || tag === 'INPUT') && !e.target.readOnly) return;
    const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    let handled = true;
    if (MOVE_KEYS[key]) userStep(MOVE_KEYS[key]);
    else if (key === 'u' || key === 'z' || key === 'Backspace') e.shiftKey ? redo() : undo();
    else if (key === 'y') redo();
    else if (key === 'r') restart();
    else if (key === 'n') go(play.index + 1);
    else if (key === 'p') go(play.index - 1);
    else if (key === 'v') toggleView();
    else if (key === 'e') exportLurd();
    else if (key === ' ') replayToggle();
    else if (key === 'Escape') location.hash = '';
    else handled = false;
    if (handled) {
      e.preventDefault();
      if (tag !== 'BODY' && e.target.blur) e.target.blur();
    }
  });

  function undo() {
    if (play.finished === 'lost') return;
    if (play.replay) { replayBack(); return; }
    if (play.game.undo()) { if (play.finished === 'replayed') play.finished = ''; render(); }
  }
  function redo() {
    if (play.finished === 'lost') return;
    if (play.game.redo()) afterChange();
  }
  function toggleView() {
    play.view = play.view === 'top' ? 'iso' : 'top';
    try { localStorage.setItem('sokoban-view', play.view); } catch (e) { /* storage off */ }
    render();
  }

  $('undo').addEventListener('click', undo);
  $('redo').addEventListener('click', redo);
  $('restart').addEventListener('click', restart);
  $('view-toggle').addEventListener('click', toggleView);
  $('export').addEventListener('click', exportLurd);
  $('prev').addEventListener('click', () => go(play.index - 1));
  $('next').addEventListener('click', () => go(play.index + 1));
  $('replay-play').addEventListener('click', replayToggle);
  $('replay-step').addEventListener('click', () => { if (play.replay) pauseReplay(); replayForward(); });
  $('replay-back').addEventListener('click', () => { if (play.replay) pauseReplay(); replayBack(); });
  $('replay-speed').addEventListener('change', (e) => {
    e.target.blur();
    if (play.replay && play.replay.playing) { pauseReplay(); replayToggle(); }
  });
  $('solution-select').addEventListener('change', (e) => {
    e.target.blur();
    if (play.replay) { stopReplay(); restart(); }
  });
  $('time-limit').addEventListener('change', (e) => {
    e.target.blur();
    play.limit = Number(e.target.value) || 0;
    restart();
  });
  window.addEventListener('hashchange', route);
  window.addEventListener('resize', render);

  play.view = DATA.view === 'iso' ? 'iso' : 'top';
  try {
    const chosen = localStorage.getItem('sokoban-view');
    if (chosen === 'iso' || chosen === 'top') play.view = chosen;
  } catch (e) { /* storage off */ }
  document.title = DATA.title;
  buildIndex();
  route();
  document.body.dataset.ready = '1';
}());
