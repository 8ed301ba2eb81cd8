// Vite: builds the front end into dist/ (loaded by the Tauri shell);
// Vitest runs the unit tests in tests/unit (Node, no browser needed).
import { defineConfig } from "vitest/config";

export default defineConfig({
  clearScreen: false,
  server: { host: "127.0.0.1", port: 5173, strictPort: true },
  build: { target: "es2022", outDir: "dist", emptyOutDir: true, chunkSizeWarningLimit: 1200 },
  test: { include: ["tests/unit/**/*.test.ts"], environment: "node" },
});
