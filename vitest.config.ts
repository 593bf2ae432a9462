import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const src = (path: string): string => fileURLToPath(new URL(`./src/${path}`, import.meta.url));

export default defineConfig({
  // Examples import "ptcc" as an app would; the suite runs them against the sources.
  resolve: {
    alias: [
      { find: /^ptcc$/, replacement: src("index.ts") },
      { find: /^ptcc\/runtime$/, replacement: src("runtime/index.ts") },
      { find: /^ptcc\/queue$/, replacement: src("queue/index.ts") },
      { find: /^ptcc\/bullmq$/, replacement: src("bullmq/index.ts") },
    ],
  },
  test: {
    include: ["test/**/*.test.ts"],
    // The Redis the Redis tests talk to (a real one, never a mock).
    globalSetup: ["test/bullmq/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
