// `npm run dev`: the API server restarts on change (tsx watch) and Vite serves the web app with hot reload.
import { spawn } from 'node:child_process';

const server = spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], { stdio: ['inherit', 'pipe', 'inherit'] });
// The server logs one JSON line per event (what a deployment collects); here they are made readable.
const prettyLogs = spawn('npx', ['pino-pretty', '--translateTime', 'SYS:HH:MM:ss', '--ignore', 'pid,hostname'], {
  stdio: ['pipe', 'inherit', 'inherit'],
});
server.stdout.pipe(prettyLogs.stdin);
const children = [server, prettyLogs, spawn('npx', ['vite'], { stdio: 'inherit' })];
console.log('Web app with hot reload: http://localhost:5173 (API on http://localhost:3000)');
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
