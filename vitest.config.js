// Vitest runs the front-end unit tests in jsdom with a fake anywidget model (tests/js/).
// CSS files are imported as text, as esbuild's `--loader:.css=text` does for the bundle.
import { readFileSync } from "node:fs";
import { resolve, dirname } from "node:path";
import { defineConfig } from "vitest/config";

const PREFIX = "\0dw-css-text:";

function cssAsText() {
  return {
    name: "dw-css-as-text",
    enforce: "pre",
    resolveId(source, importer) {
      if (!source.endsWith(".css") || !importer) return null;
      return PREFIX + resolve(dirname(importer), source) + ".js";
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      return `export default ${JSON.stringify(readFileSync(id.slice(PREFIX.length, -3), "utf8"))};`;
    },
  };
}

export default defineConfig({
  plugins: [cssAsText()],
  test: {
    environment: "jsdom",
    include: ["tests/js/**/*.test.js"],
    // A board test renders a whole game's SVG in jsdom: seconds on a machine shared with other work (Drachenland's
    // morph test took 26 s alone at a load of 11 on 2 cores, and the test command runs beside the browser tests).
    testTimeout: 120000,
  },
});
