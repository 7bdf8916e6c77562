import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { theme } from './src/app/theme.ts';
import { antdStyles } from './vite-antd-styles.ts';
import { codeSplitting } from './vite-chunk-groups.ts';
import { precompress } from './vite-precompress.ts';

// The console's signing key is built into its bundle (docs/design.md §3: it identifies the client build, it is no
// secret). It comes from the same variables as the server's, with the same development defaults.
const signing = {
  appCode: process.env.APP_CODE ?? 'jcbb',
  authKey: process.env.AUTH_KEY ?? 'jcbb-web-dev',
  secret: process.env.AUTH_SECRET ?? 'jcbb-web-dev-secret-change-me',
};

/**
 * The light public document's first script (src/light/prefetch.ts, an input of its own): put in public.html before
 * the page's module, so the page's signed answer and the ledger's key are requested while React and the page's code
 * still download (docs/decisions.md, "The public pages' light entry"). A module script in the HTML itself would not
 * do: Vite makes one entry of all of a document's module scripts, which runs only once every import has arrived.
 */
function lightPrefetch(): Plugin {
  return {
    name: 'jcbb-light-prefetch',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.filename.endsWith('public.html') || !ctx.bundle) return html;
        const chunk = Object.values(ctx.bundle).find((c) => c.type === 'chunk' && c.isEntry && c.name === 'prefetch');
        if (chunk?.type !== 'chunk') throw new Error('public.html: no prefetch chunk in the build');
        const tag = `<script type="module" crossorigin src="/${chunk.fileName}"></script>`;
        return html.replace('<script type="module"', `${tag}\n    <script type="module"`);
      },
    },
  };
}

const apiPrefixes = ['/api', '/open', '/materials', '/notice', '/common', '/dolphin'];

export default defineConfig({
  // precompress: brotli and gzip copies of the built files, sent as they are by the server (docs/performance.md).
  // antdStyles: antd's component styles as stylesheets that travel with their chunks (vite-antd-styles.ts).
  plugins: [react(), antdStyles(theme), lightPrefetch(), precompress()],
  define: { __JCBB_SIGNING__: JSON.stringify(signing) },
  server: {
    port: 5173,
    proxy: Object.fromEntries(apiPrefixes.map((p) => [p, 'http://127.0.0.1:8080'])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    // Chunk tiers (vite-chunk-groups.ts): a handful of files per page instead of dozens of 1 KB ones.
    // Two documents: the console (index.html) and the light public pages a QR code opens (public.html, served by
    // the server for /mobile/index, /mobile/detail and /free/certificate; docs/decisions.md).
    rolldownOptions: {
      input: {
        index: path.resolve(import.meta.dirname, 'index.html'),
        public: path.resolve(import.meta.dirname, 'public.html'),
        prefetch: path.resolve(import.meta.dirname, 'src/light/prefetch.ts'),
      },
      output: { codeSplitting },
    },
  },
});
