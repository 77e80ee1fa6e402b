import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The web app. In development /api is proxied to the server (`pnpm dev` starts both). */
export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: process.env.SOLAR_API_URL ?? 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  build: { target: 'es2022', sourcemap: true },
});
