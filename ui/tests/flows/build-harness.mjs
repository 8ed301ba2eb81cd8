// Bundles tests/flows/harness.ts into one IIFE script for page.addInitScript.
import { build } from "vite";
import { fileURLToPath } from "node:url";

export async function buildHarness() {
  const root = fileURLToPath(new URL("../..", import.meta.url));
  const outDir = fileURLToPath(new URL("./.build", import.meta.url));
  await build({
    root, configFile: false, logLevel: "warn",
    build: {
      outDir, emptyOutDir: true, minify: false,
      lib: { entry: fileURLToPath(new URL("./harness.ts", import.meta.url)), formats: ["iife"], name: "GloveboxMock", fileName: () => "harness.js" },
    },
  });
  return `${outDir}/harness.js`;
}
