// `npm run dev`: the API (restarting on change, tsx watch) on API_PORT and Vite with hot reload on PORT,
// which proxies /api and /media to the API. Ctrl+C stops both.
import { spawn } from "node:child_process";

const port = process.env.PORT ?? "5000";
const apiPort = process.env.API_PORT ?? "5001";
const children = [
  spawn("npx", ["tsx", "watch", "--clear-screen=false", "server/server.ts"], {
    stdio: "inherit",
    // The browser talks to Vite's origin: links in e-mails and the same-origin check must use it, not the API's.
    env: { PUBLIC_URL: `http://localhost:${port}`, ...process.env, PORT: apiPort, HOST: "127.0.0.1" },
  }),
  spawn("npx", ["vite", "--port", port, "--strictPort"], {
    stdio: "inherit",
    env: { ...process.env, API_PORT: apiPort },
  }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", (code) => code && code !== 0 && stop());
