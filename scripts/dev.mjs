#!/usr/bin/env node
/**
 * `pnpm dev`: the server in watch mode on :3000 (API only, data in ./data) and Vite with hot
 * reload on :5173, which proxies /api to it. Ctrl+C stops both.
 */
import { spawn } from 'node:child_process';

const children = [
  spawn('pnpm', ['--filter', '@solar/server', 'run', 'dev'], {
    stdio: 'inherit',
    env: { ...process.env, WEB_DIST: '', DATA_DIR: process.env.DATA_DIR ?? '../../data' },
  }),
  spawn('pnpm', ['--filter', '@solar/web', 'run', 'dev'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && code !== 0 && stop());
