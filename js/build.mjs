// Bundle src/board.js into the one file the widget ships
// (covil_nb/widget/static/board.js), committed so that installing the
// package needs no build. `node build.mjs --check` builds in memory and
// fails when the committed file is not the build of the sources.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const outfile = fileURLToPath(new URL("../covil_nb/widget/static/board.js", import.meta.url));
const banner = [
  "// covil_nb's board: built by esbuild from js/src/ (start with js/src/board.js).",
  "// Do not edit: change the sources, then run `npm run build` in js/.",
].join("\n");

const result = await esbuild.build({
  entryPoints: [fileURLToPath(new URL("src/board.js", import.meta.url))],
  bundle: true,
  format: "esm",
  target: "es2020",
  charset: "utf8",
  legalComments: "none",
  banner: { js: banner },
  write: false,
  outfile,
});
const built = result.outputFiles[0].text;

if (process.argv.includes("--check")) {
  if (readFileSync(outfile, "utf8") !== built) {
    console.error(`${outfile} is not the build of js/src: run \`npm run build\` in js/ and commit it`);
    process.exit(1);
  }
} else {
  writeFileSync(outfile, built);
}
