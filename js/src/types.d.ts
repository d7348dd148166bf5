// The shapes of the widget's traits as Python sends them (declared in
// covil_nb/widget/payloads.py, which tests/test_payloads.py checks this
// file against), and of the page's own state.
// Every trait may still be {} before Python's first message.

export interface Seat {
  color: string;
  label: string;
  kind: "person" | "bot" | "dummy";
}

export interface Board {
  map?: string;
  legend?: string;
  name?: string;
  seats?: Seat[];
  kinds?: string[];
  mark?: string;
  /** the languages the board can speak, by code, each in its own words */
  languages?: Record<string, string>;
}

export interface Preview {
  attack: number;
  defense: number;
  resolves?: boolean;
  winner?: string;
  /** who wins, said in the board's language ("red wins") */
  verdict?: string;
}

export interface Offered {
  action: string;
  label: string;
  elements: string[];
  preview?: Preview;
  closes?: boolean;
  /** the title of the group it is listed in */
  group?: string;
  /** an attack: the strength it would meet ("attack up to 4 against defense 2") */
  forecast?: string;
}

export interface Strength {
  total: number;
  /** each part said whole ("2 from Reinforcements"), and its value */
  parts: [string, number][];
}

export interface Combat {
  troop?: string;
  attacker?: string;
  target: string;
  defender: string;
  style?: string;
  attack?: Strength;
  defense?: Strength;
  /** who attacks whom, said in the board's language */
  head: string;
}

export interface Decision {
  player?: string;
  seat?: { label: string };
  prompt?: string;
  rule?: string;
  actions?: Offered[];
  combat?: Combat;
  /** each element the actions name, as a sentence names it ("Amarelo's fortress"), by its key */
  names?: Record<string, string>;
  over?: boolean;
  winners?: string[];
  /** the game's end, said in the board's language ("Game over — red wins") */
  verdict?: string;
  scores?: { text: string }[];
  /** what the board waits for before a person may decide; "over" once the game has ended */
  waiting?: "playback" | "bot" | "over" | null;
}

export interface Moment {
  /** "" for a moment the rules play (a step of the night, the morning) */
  player: string;
  /** whose moment it is when the rules play it: "The night", "The morning" */
  by: string;
  told?: string[];
  actions: string[];
  reason?: string;
  outcome?: string[];
  /** worth a longer look at auto-play speed */
  notable?: boolean;
}

export interface Controls {
  can_undo?: boolean;
  can_redo?: boolean;
  moment?: Moment;
  outcome?: string[];
  pending?: number;
  what_if?: { from: number };
  /** the night just played back, in a few lines */
  night?: string[];
}

export interface Past {
  step?: number;
  moment?: number;
  pictures?: Record<string, string>;
  chunks?: Record<string, string>;
}

/** A node of a study's tree (covil_nb/widget/study_session.py). */
export interface StudyNode {
  /** the action played to reach it; null at the chapter's start */
  move: string | null;
  /** the move in words, in the board's language ("Lie down Y1") */
  said?: string;
  /** the seat that played it */
  player: string;
  glyphs: string[];
  /** the lines on, by index; [0] is the main line */
  children: number[];
  /** it has comments or marks */
  noted: boolean;
  question: boolean;
  /** "engine": the first move of a line an analysis added */
  by?: string;
}

/** The `tree` trait: the chapter shown. */
export interface StudyTree {
  title?: string;
  chapters?: string[];
  chapter?: number;
  seat?: string | null;
  description?: string;
  glyphs?: string[];
  /** the board has a file to save to */
  saves?: boolean;
  nodes?: StudyNode[];
}

export interface StudyComment {
  text: string;
  author: string;
  /** its Markdown as HTML, made by Python (raw HTML escaped): inserted as it is */
  html: string;
}

/** The `at` trait: the node shown. */
export interface StudyAt {
  /** the file this message's save wrote, or "" */
  saved?: string;
  node?: number;
  mode?: "author" | "quiz";
  before?: StudyComment[];
  after?: StudyComment[];
  glyphs?: string[];
  arrows?: [string, string][];
  highlights?: string[];
  /** asking: the question is put to the reader now, the lines on hidden */
  question?: { prompt: string; asking: boolean } | null;
  verdict?: { right: boolean; text: string } | null;
  tries?: number;
  main?: boolean;
  /** its index along the main line (the chart's data-node); null off it */
  line?: number | null;
}

/** A row of an analysis's summary (covil_nb.analysis.SeatSummary). */
export interface SeatSummary {
  seat: string;
  decisions: number;
  mean_loss: number;
  /** the mean loss said as the board's language writes it ("0,55 pontos") */
  loss: string;
  inaccuracies: number;
  mistakes: number;
  blunders: number;
}

/** The `review` trait: an analysis (covil_nb/widget/review.py); {} before one. */
export interface Review {
  /** the advantage chart's SVG; its dots carry data-node, the main-line index decided at */
  chart?: string;
  summary?: SeatSummary[];
  /** by the main-line index decided at: the engine's view in words, its better plan,
   * whether it has a line to draw and play, and the elements off the map the line chooses */
  notes?: Record<string, { said: string; better: string; line: boolean; elements: string[] }>;
}

export interface Traits {
  board: Board;
  /** never set again: the key to the state the views of the model share */
  identity: object;
  chunks: Record<string, string>;
  chunks_new: Record<string, string>;
  pictures: Record<string, string>;
  decision: Decision;
  log: { done?: string[]; now?: string[] };
  controls: Controls;
  past: Past;
  hint: { n?: number; text?: string; action?: string; elements?: string[] };
  error: { text?: string; rule?: string };
  version: number;
  theme: string;
  /** the language the board speaks ("en", "pt") */
  language: string;
  /** the page's own words in that language: message -> translation (words.js) */
  words: Record<string, string>;
  review?: Review;
  /** an analysis under way: decisions done of total; {} otherwise */
  progress?: { done?: number; total?: number };
  /** a study board's only (StudyWidget) */
  tree?: StudyTree;
  at?: StudyAt;
}

/** The part of anywidget's model the board uses. */
export interface Model {
  get<K extends keyof Traits>(name: K): Traits[K];
  on(event: string, callback: () => void): void;
  off(event: string, callback: () => void): void;
  send(content: object): void;
}

export interface Asked {
  kind: string;
  version: number;
}

/** A long wait before the auto-play's next step (see shared.js longWait). */
export interface Wait {
  version: number;
  delay: number; // ms
  start: number; // performance.now() when it began
}

export interface Shared {
  speed: "off" | "slow" | "normal" | "fast";
  resume: "slow" | "normal" | "fast";
  looking: Set<object>;
  timer: ReturnType<typeof setTimeout> | null;
  wait: Wait | null;
  chunks: Map<string, string>;
  asked: Asked | null;
  views: EventTarget;
}

export interface LogEntry {
  step: number;
  moment: number;
  rule: string;
  text: string;
}

export interface LogGroup {
  day: number;
  phase: string;
  entries: LogEntry[];
}

/** A position the log leads to, as a player remembers it. */
export interface Position {
  step: number;
  moment: number;
  when: string;
  /** every sentence the log tells of it; the first names it */
  entries: string[];
}

/** The fixed parts of a view (skeleton.js). */
export type Parts = ReturnType<typeof import("./skeleton.js").skeleton>;

/** State that lives only in one view of the board. */
export interface Page {
  /** an element key whose several actions are offered */
  chooser: string | null;
  /** index into positions() while a past position is shown */
  cursor: number | null;
  /** on the game board, the chart's dot clicked last and the cursor it led to */
  dot: { step: number; cursor: number | null } | null;
  /** the past position asked of Python, and not yet received */
  wanted: Position | null;
  asking: boolean;
  help: boolean;
  /** a click Python is asked to explain */
  clicked: { version: number; x: number; y: number } | null;
  /** the element pressed, marked until Python answers (see controls.js) */
  pressed: Element | null;
  /** the hint last brought into sight (its number; see controls.js) */
  hintShown?: number;
  /** the long wait whose bar fills along Step, and its animation (see controls.js) */
  countdown?: { wait: Wait; bar: Animation | null } | null;
  /** the log's finished phases, built once (see log.js) */
  builtGroups: Map<string, { details: HTMLDetailsElement; index: number; previous: string | null }>;
  /** the phase under way's group, and the texts it was built from (see log.js) */
  now: {
    from: string;
    names: string[];
    details: HTMLDetailsElement;
    index: number;
    previous: string | null;
  } | null;
}

/** One view of the board: what its functions share. */
export interface View {
  model: Model;
  el: HTMLElement;
  root: HTMLElement;
  parts: Parts;
  page: Page;
  /** a message to Python about the position shown */
  /** false when dropped: a move already waits for Python's answer */
  send(kind: string, fields?: Record<string, unknown>, pressed?: Element | null): boolean;
  /** a message of the page said in the board's language, with values put in its {names} (words.js) */
  t(message: string, values?: Record<string, string | number>): string;
  /** what changed on the page alone: drawn once, by board.js's scheduler, with whatever else is marked */
  redraw(...changes: Change[]): void;
}

/**
 * A change of the page's own state, which board.js's scheduler redraws:
 * the view opened, the log's cursor moved, an element's choice opened or
 * closed, the state the views share (the speed, a request asked, a wait),
 * a hint asked or answered, the language switch put back on the board's
 * language, the help panel opened or closed.
 */
export type Change = "view" | "cursor" | "chooser" | "shared" | "pending" | "switch" | "help";

/** A part mounted on the board (a study's panel, the analysis): its drawings by trait, drawn with the board's. */
export interface Mount {
  /** a trait's name or a Change -> what to draw when it changed (once per redraw) */
  drawers: Record<string, () => void>;
  /** after every redraw, over the board's drawing */
  after?: () => void;
  unmount?: () => void;
}
