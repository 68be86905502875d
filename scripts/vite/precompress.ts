import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Writes a .gz beside every built text asset once, at build time, so the server sends gzip without
 * compressing per request (express has no compression of its own and the bundles never change at run
 * time). Used by the storefront's and the console's builds.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'cubre-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string) => {
        for (const name of readdirSync(dir)) {
          const path = join(dir, name);
          if (statSync(path).isDirectory()) walk(path);
          else if (/\.(js|css|html|json|svg)$/.test(name))
            writeFileSync(`${path}.gz`, gzipSync(readFileSync(path), { level: 9 }));
        }
      };
      walk(outDir);
    },
  };
}
