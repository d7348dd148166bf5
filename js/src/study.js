// A study on the board (covil_nb's StudyWidget): the chapter's move tree
// beside the map, the comments and the quiz of the node shown, and the
// author's tools. Mounted by board.js when the model has a `tree` trait.
//
// As everywhere on the board, the page decides nothing: a click on a move,
// a key, a comment, a glyph, an arrow are messages, and Python answers with
// new `tree` and `at` traits (or a refusal, shown by the board's `error`).
// The quiz too: the tree Python sends lists no move past a question not
// answered yet, so there is nothing here to hide.
// What lives here alone: the marking tool chosen (arrow or highlight) and
// an arrow's first end, until its second is clicked. What is marked already
// is taken off by the same click (Python refuses what is not there).

import { button, make, scrollWithin } from "./dom.js";
import { keysAt } from "./queries.js";
import { ringSolid } from "./rings.js";
import { N_, relabel, remember } from "./words.js";

/** @typedef {import("./types").View} View */
/** @typedef {import("./types").StudyNode} StudyNode */
/** @typedef {import("./types").StudyComment} StudyComment */

/** The keys a study adds to the board's, for the help panel. */
const KEYS_HELP = [
  ["← →", N_("the previous or next move of the study")],
  ["↑ ↓", N_("the line above or below this move")],
  ["Home, End", N_("the chapter's start; the end of this line")],
];

/** The kinds of element the drawing rings itself on the map (scene.py's MAP_KINDS). */
const ON_MAP = new Set(["zone", "troop", "fortress", "rebels"]);

/** The walks the keys take (Python knows where each leads). */
const WALKS = /** @type {Record<string, string>} */ ({
  ArrowLeft: "prev",
  ArrowRight: "next",
  ArrowUp: "up",
  ArrowDown: "down",
  Home: "start",
  End: "end",
});

/**
 * The study's panel in a view of the board.
 * @param {View} view
 * @returns {import("./types").Mount}
 */
export function mountStudy(view) {
  const { root, parts } = view;
  root.dataset.study = "";
  const panel = studyPanel(view);
  parts.table.after(panel.section); // between the map and the side panel
  for (const control of [parts.undo, parts.redo, parts.step, parts.skip, parts.speed]) control.hidden = true;
  const keys = parts.help.querySelector("dl");
  const help = KEYS_HELP.flatMap(([key, what]) => [make("dt", "", key), make("dd", "", what)]);
  keys?.prepend(...help);
  // The panel's and the keys' English words kept, then said in the board's language.
  for (const node of [panel.section, ...help]) remember(node);
  relabel(root, view.model.get("words"));

  /** @type {{tool: "arrow" | "highlight" | null, from: string | null}} */
  const marking = { tool: null, from: null };
  const drawAll = () => {
    drawTree(view, panel);
    drawAt(view, panel, marking);
  };
  drawAll();

  /** @param {KeyboardEvent} event */
  const onKey = (event) => {
    const way = walkOf(event);
    if (way == null) return;
    event.preventDefault();
    event.stopImmediatePropagation(); // the board's own ← → walk the log
    view.send("walk", { way });
  };
  /** @param {MouseEvent} event */
  const onClick = (event) => {
    if (marking.tool == null) return;
    const key = elementAt(view, /** @type {Element} */ (event.target));
    if (key == null) return;
    event.preventDefault();
    event.stopImmediatePropagation(); // marking, not playing
    mark(view, panel, marking, key);
  };
  // Capturing: the study's keys and marking clicks come before the board's.
  root.addEventListener("keydown", onKey, true);
  root.addEventListener("click", onClick, true);
  wirePanel(view, panel, marking);
  return {
    // The tree redraws what the node shown marks in it too.
    drawers: { tree: drawAll, at: () => drawAt(view, panel, marking) },
    after: () => drawRings(view), // the board has drawn the halls: ring their cards
    unmount: () => {
      root.removeEventListener("keydown", onKey, true);
      root.removeEventListener("click", onClick, true);
    },
  };
}

/**
 * The walk a key asks for, or null: not while typing or choosing, and ↑ ↓
 * stay the listed actions' keys when an action has the focus.
 * @param {KeyboardEvent} event
 */
function walkOf(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  const target = /** @type {Element} */ (event.target);
  if (target.matches("input, select, textarea")) return null;
  if ((event.key === "ArrowUp" || event.key === "ArrowDown") && target.closest(".covil-actions")) return null;
  return WALKS[event.key] ?? null;
}

/**
 * The key of the drawn element a click is on ("zone:D", "troop:Y1",
 * "card:<id>"): the nearest one the board names, on the table or the cards.
 * @param {View} view
 * @param {Element} target
 * @returns {string | null}
 */
function elementAt(view, target) {
  if (!target.closest(".covil-table, .covil-cards")) return null;
  return keysAt(view, target)[0] ?? null;
}

/**
 * A click with a marking tool: a highlight at once; an arrow once both of
 * its ends are clicked.
 * @param {View} view
 * @param {ReturnType<typeof studyPanel>} panel
 * @param {{tool: "arrow" | "highlight" | null, from: string | null}} marking
 * @param {string} key
 */
function mark(view, panel, marking, key) {
  const at = view.model.get("at") || {};
  if (marking.tool === "highlight") {
    const marked = (at.highlights || []).includes(key);
    view.send(marked ? "unhighlight" : "highlight", { element: key });
  } else if (marking.from == null) {
    marking.from = key;
  } else {
    const from = marking.from;
    const marked = (at.arrows || []).some(([a, b]) => a === from && b === key);
    view.send(marked ? "unarrow" : "arrow", { element: from, target: key });
    marking.from = null;
  }
  drawTool(panel, marking);
}

/**
 * The panel's parts, built once, and the board's words (`t`) they are drawn in.
 * @param {View} view
 */
function studyPanel(view) {
  const section = make("section", "covil-study");
  section.setAttribute("aria-label", N_("Study"));
  const title = make("h3", "covil-study-title");
  const chapter = make("select", "covil-chapter");
  chapter.setAttribute("aria-label", N_("Chapter"));
  const mode = button(N_("Quiz mode"), N_("Switch between writing the study and being quizzed on it"));
  const head = make("div", "covil-study-head");
  head.append(title, chapter, mode);
  const description = make("p", "covil-description"); // its Markdown as written: text, never markup

  const walks = {
    start: button("|◀", N_("The chapter's start (Home)")),
    prev: button("◀", N_("The previous move (←)")),
    next: button("▶", N_("The next move (→)")),
    end: button("▶|", N_("The end of this line (End)")),
    up: button("▲", N_("The line above (↑)")),
    down: button("▼", N_("The line below (↓)")),
  };
  for (const [way, node] of Object.entries(walks)) node.dataset.walk = way;
  const nav = make("div", "covil-study-nav");
  nav.append(...Object.values(walks));

  const tree = make("div", "covil-tree");
  tree.setAttribute("role", "tree");
  tree.setAttribute("aria-label", N_("Moves of the chapter"));
  const before = make("div", "covil-comments covil-before");
  const notes = make("div", "covil-notes");
  const after = make("div", "covil-comments covil-after");
  notes.append(before, after);

  const quiz = make("div", "covil-quiz");
  quiz.setAttribute("role", "status");
  const prompt = make("p", "covil-question");
  const verdict = make("p", "covil-verdict");
  const again = button(N_("Try again"), N_("Choose another answer on the board"));
  const reveal = button(N_("Show me"), N_("The answer, and why"));
  quiz.append(prompt, verdict, again, reveal);

  const author = make("div", "covil-author");
  const text = make("textarea", "covil-comment-text");
  text.rows = 2;
  text.placeholder = N_("A comment on this move (Markdown)");
  text.setAttribute("aria-label", N_("Comment"));
  const beforeBox = make("input");
  beforeBox.type = "checkbox";
  const beforeLabel = make("label", "covil-before-label");
  beforeLabel.append(beforeBox, " ", make("span", "", N_("before the move")));
  const addComment = button(N_("Add comment"), N_("Add the comment to the move shown"));
  const glyphs = make("div", "covil-glyphs");
  glyphs.setAttribute("aria-label", N_("Glyphs"));
  const arrow = button(N_("Arrow"), N_("Draw an arrow: click where it starts, then where it goes"));
  const highlight = button(N_("Highlight"), N_("Highlight what you click on the board"));
  const tool = make("span", "covil-tool-said");
  const edits = {
    promote: button(N_("Promote"), N_("This line one place up")),
    demote: button(N_("Demote"), N_("This line one place down")),
    main: button(N_("Main line"), N_("Make this line the main line")),
    remove: button(N_("Delete"), N_("Delete this move and every move after it")),
  };
  const save = button(N_("Save"), N_("Write the study to its file"));
  const saved = make("span", "covil-saved");
  saved.setAttribute("role", "status");
  author.append(
    text,
    beforeLabel,
    addComment,
    glyphs,
    row("covil-marking", arrow, highlight, tool),
    row("covil-edits", ...Object.values(edits), save, saved),
  );
  section.append(head, description, nav, tree, notes, quiz, author);
  return { t: view.t, section, title, chapter, mode, description, walks, tree, notes, before, after, quiz, prompt, verdict, again, reveal, author, text, beforeBox, addComment, glyphs, arrow, highlight, tool, edits, save, saved };
}

/**
 * @param {string} className
 * @param {...(Node | string)} children
 */
function row(className, ...children) {
  const node = make("div", className);
  node.append(...children);
  return node;
}

/**
 * Every control of the panel sends its message; Python answers.
 * @param {View} view
 * @param {ReturnType<typeof studyPanel>} panel
 * @param {{tool: "arrow" | "highlight" | null, from: string | null}} marking
 */
function wirePanel(view, panel, marking) {
  const { model } = view;
  for (const [way, node] of Object.entries(panel.walks)) node.addEventListener("click", () => view.send("walk", { way }, node));
  panel.tree.addEventListener("click", (event) => {
    const move = /** @type {HTMLElement} */ (event.target).closest("[data-node]");
    if (move instanceof HTMLElement) view.send("goto", { node: Number(move.dataset.node) }, move);
  });
  panel.chapter.addEventListener("change", () => view.send("chapter", { chapter: Number(panel.chapter.value) }));
  panel.mode.addEventListener("click", () => {
    const now = (model.get("at") || {}).mode;
    view.send("mode", { mode: now === "quiz" ? "author" : "quiz" }, panel.mode);
  });
  panel.again.addEventListener("click", () => {
    panel.verdict.hidden = true; // the board takes the next answer
    panel.again.hidden = true;
    view.root.focus({ preventScroll: true });
  });
  panel.reveal.addEventListener("click", () => view.send("reveal", {}, panel.reveal));
  panel.addComment.addEventListener("click", () => {
    const text = panel.text.value;
    view.send("comment", { text, before: panel.beforeBox.checked }, panel.addComment);
  });
  // Typing stays in the box: the board's letters (u, r, h…) are keys.
  panel.glyphs.addEventListener("click", (event) => {
    const glyph = /** @type {HTMLElement} */ (event.target).closest("[data-glyph]");
    if (!(glyph instanceof HTMLElement)) return;
    const marked = glyph.getAttribute("aria-pressed") === "true"; // pressed again: taken off
    view.send(marked ? "unglyph" : "glyph", { glyph: glyph.dataset.glyph }, glyph);
  });
  panel.notes.addEventListener("click", (event) => {
    const cross = /** @type {HTMLElement} */ (event.target).closest(".covil-uncomment");
    if (!(cross instanceof HTMLElement)) return;
    view.send("uncomment", { index: Number(cross.dataset.index), before: cross.dataset.before === "true" }, cross);
  });
  for (const tool of /** @type {const} */ (["arrow", "highlight"])) {
    panel[tool].addEventListener("click", () => {
      marking.tool = marking.tool === tool ? null : tool;
      marking.from = null;
      drawTool(panel, marking);
    });
  }
  for (const [kind, node] of Object.entries(panel.edits)) node.addEventListener("click", () => view.send(kind, {}, node));
  panel.save.addEventListener("click", () => view.send("save", {}, panel.save));
}

/**
 * The chapter's tree: the main line inline, each variation an indented
 * block after the move it is an alternative to. Built again only when the
 * tree changed (an edit, another chapter).
 * @param {View} view
 * @param {ReturnType<typeof studyPanel>} panel
 */
function drawTree({ model }, panel) {
  const { t } = panel;
  const tree = model.get("tree") || {};
  const nodes = tree.nodes || [];
  panel.title.textContent = tree.title || t("Study");
  panel.title.title = tree.seat ? t("Seen by {seat}", { seat: tree.seat }) : t("All-seeing");
  const chapters = tree.chapters || [];
  panel.chapter.replaceChildren(
    ...chapters.map((name, i) => {
      const option = make("option", "", name);
      option.value = String(i);
      return option;
    }),
  );
  panel.chapter.value = String(tree.chapter ?? 0);
  panel.chapter.hidden = chapters.length < 2;
  panel.glyphs.replaceChildren(
    ...(tree.glyphs || []).map((glyph) => {
      const node = button(glyph, t("Mark the move {glyph}", { glyph }));
      node.dataset.glyph = glyph;
      return node;
    }),
  );
  // Offered without a file too: Python's refusal then says how to give one.
  panel.save.title = tree.saves ? t("Write the study to its file") : t("This board has no file to save to (press for how)");
  panel.description.textContent = tree.description || "";
  const start = moveButton(t, nodes, 0, t("Start"));
  panel.tree.replaceChildren(start);
  const kids = nodes[0]?.children || [];
  if (kids.length) line(t, panel.tree, nodes, kids[0], kids.slice(1));
}

/**
 * A line of the tree from `first` on, the lines beside each move after it.
 * @param {View["t"]} t
 * @param {HTMLElement} box
 * @param {StudyNode[]} nodes
 * @param {number} first
 * @param {number[]} beside
 */
function line(t, box, nodes, first, beside) {
  /** @type {number | undefined} */
  let at = first;
  let others = beside;
  while (at != null) {
    box.append(moveButton(t, nodes, at, null));
    for (const other of others) {
      const variation = make("div", "covil-variation");
      variation.setAttribute("role", "group");
      if (nodes[other].by === "engine") {
        variation.classList.add("covil-engine-line"); // the analysis's better plan
        variation.setAttribute("aria-label", t("The engine's line"));
        variation.append(make("span", "covil-line-by", t("engine:")));
      }
      line(t, variation, nodes, other, []);
      box.append(variation);
    }
    /** @type {number[]} */
    const children = nodes[at].children;
    at = children[0];
    others = children.slice(1);
  }
}

/**
 * @param {View["t"]} t
 * @param {StudyNode[]} nodes
 * @param {number} index
 * @param {string | null} label
 */
function moveButton(t, nodes, index, label) {
  const node = nodes[index] || { move: null, player: "", glyphs: [], children: [], noted: false, question: false };
  // The move in words (Python's label), its notation as the tooltip.
  const said = label ?? `${node.said || node.move}${node.glyphs.join("")}`;
  const move = button(said, node.move ?? t("The chapter's start"));
  move.classList.add("covil-move");
  move.dataset.node = String(index);
  move.dataset.player = node.player;
  move.setAttribute("role", "treeitem");
  if (node.noted) move.classList.add("covil-noted");
  if (node.question) move.classList.add("covil-asks");
  return move;
}

/**
 * The node shown: its move marked in the tree (and scrolled to, inside the
 * tree alone), its comments, the quiz, the author's tools.
 * @param {View} view
 * @param {ReturnType<typeof studyPanel>} panel
 * @param {{tool: "arrow" | "highlight" | null, from: string | null}} marking
 */
function drawAt(view, panel, marking) {
  const { model } = view;
  const at = model.get("at") || {};
  const current = at.node ?? 0;
  markCurrent(panel, current);
  panel.description.hidden = current !== 0 || !panel.description.textContent; // the chapter's start
  const quizzing = at.mode === "quiz";
  panel.mode.textContent = quizzing ? view.t("Author mode") : view.t("Quiz mode");
  drawComments(view.t, panel.before, at.before || [], true, !quizzing);
  drawComments(view.t, panel.after, at.after || [], false, !quizzing);
  drawQuiz(panel, at);
  panel.author.hidden = quizzing;
  panel.saved.textContent = at.saved ? view.t("Saved to {file}", { file: at.saved }) : "";
  if (quizzing) {
    marking.tool = null;
    marking.from = null;
  }
  // A draft stays while the author marks the move (a glyph, an arrow); it
  // goes with another move, or once a comment is added or deleted.
  const said = `${current}:${(at.before || []).length + (at.after || []).length}`;
  if (panel.text.dataset.for !== said) panel.text.value = "";
  panel.text.dataset.for = said;
  drawTool(panel, marking);
  const glyphs = new Set(at.glyphs || []);
  for (const glyph of panel.glyphs.querySelectorAll("[data-glyph]")) {
    glyph.setAttribute("aria-pressed", String(glyphs.has(/** @type {HTMLElement} */ (glyph).dataset.glyph || "")));
  }
}

/**
 * The move shown, marked in the tree and scrolled to inside the tree
 * alone: in the next frame, once everything is drawn (reading boxes now
 * would lay the page out once more per step).
 * @param {ReturnType<typeof studyPanel>} panel
 * @param {number} current
 */
function markCurrent(panel, current) {
  const old = panel.tree.querySelector(".covil-current");
  const shown = panel.tree.querySelector(`[data-node="${current}"]`);
  if (shown === old) return;
  old?.classList.remove("covil-current");
  old?.removeAttribute("aria-current");
  if (shown == null) return;
  shown.classList.add("covil-current");
  shown.setAttribute("aria-current", "true");
  requestAnimationFrame(() => scrollWithin(panel.tree, shown));
}

/**
 * Comments, each its Markdown as Python made it into HTML (drawing/page.py's
 * markdown_html: a comment's own raw HTML escaped, its links made safe;
 * the page inserts no other markup), with a ✕ that deletes it in author mode.
 * @param {View["t"]} t
 * @param {HTMLElement} box
 * @param {StudyComment[]} comments
 * @param {boolean} before said before the move (headed so), or of it
 * @param {boolean} removable
 */
function drawComments(t, box, comments, before, removable) {
  box.replaceChildren();
  box.hidden = comments.length === 0;
  if (before && comments.length) box.append(make("strong", "", t("Before the move")));
  comments.forEach((comment, index) => {
    const said = make("div", comment.author === "engine" ? "covil-comment covil-engine" : "covil-comment");
    // The engine signs its comments "engine", a name the board says in its language.
    const by = comment.author === "engine" ? t("engine:") : comment.author && `${comment.author}:`;
    if (by) said.append(make("span", "covil-author-name", `${by} `));
    const body = make("span", "covil-said");
    body.innerHTML = comment.html; // Python's HTML, made safe there
    said.append(body);
    if (removable) {
      const cross = button("✕", t("Delete this comment: {comment}", { comment: comment.text }));
      cross.classList.add("covil-uncomment");
      cross.dataset.index = String(index);
      cross.dataset.before = String(before);
      said.append(" ", cross);
    }
    box.append(said);
  });
}

/**
 * The node's highlights off the map (a card in a hall, a treasury), ringed
 * as the hint's are; the drawing rings those on the map itself.
 * @param {View} view
 */
function drawRings(view) {
  const highlights = (view.model.get("at") || {}).highlights || [];
  ringSolid(view, highlights.filter((key) => !ON_MAP.has(key.split(":")[0])), "covil-study-ring");
}

/**
 * The question put now, with "Show me" (the answer, and why), and the
 * quiz's last word: right, or why not with "Try again".
 * @param {ReturnType<typeof studyPanel>} panel
 * @param {import("./types").StudyAt} at
 */
function drawQuiz(panel, at) {
  const asking = at.mode === "quiz" && at.question?.asking;
  const authoring = at.mode !== "quiz" && at.question != null; // the author sees the question put here
  const verdict = at.verdict;
  panel.quiz.hidden = !asking && !verdict && !authoring;
  const question = at.question?.prompt ?? "";
  panel.prompt.textContent = asking
    ? panel.t("{question} Choose on the board.", { question })
    : authoring
      ? panel.t("Question here: {question}", { question })
      : "";
  panel.prompt.hidden = !asking && !authoring;
  panel.verdict.textContent = verdict?.text || "";
  panel.verdict.hidden = !verdict;
  panel.verdict.className = `covil-verdict ${verdict?.right ? "covil-right" : "covil-wrong"}`;
  panel.again.hidden = !(asking && verdict && !verdict.right);
  panel.reveal.hidden = !asking;
}

/**
 * What the marking tool waits for.
 * @param {ReturnType<typeof studyPanel>} panel
 * @param {{tool: "arrow" | "highlight" | null, from: string | null}} marking
 */
function drawTool(panel, marking) {
  panel.arrow.setAttribute("aria-pressed", String(marking.tool === "arrow"));
  panel.highlight.setAttribute("aria-pressed", String(marking.tool === "highlight"));
  const said = {
    arrow: marking.from ? panel.t("From {element}: click where it goes.", { element: marking.from }) : panel.t("Click where the arrow starts."),
    highlight: panel.t("Click what to highlight."),
  };
  panel.tool.textContent = marking.tool ? said[marking.tool] : "";
}
