// Bundles the server into dist/main.js; node_modules stay external, workspace packages are inlined.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  plugins: [
    {
      name: 'inline-workspace',
      setup(b) {
        b.onResolve({ filter: /^@sorte\// }, async (args) => {
          const result = await b.resolve(
            args.path
              .replace(/^@sorte\/([^/]+)/, '../../packages/$1/src/index.ts')
              .replace('/src/index.ts/locales/', '/src/locales/'),
            { kind: args.kind, resolveDir: import.meta.dirname },
          );
          return result;
        });
      },
    },
  ],
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
});
console.log('server bundled to apps/server/dist/main.js');
