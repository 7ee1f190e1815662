const { createConfig } = require('@bo/build');

module.exports = createConfig({
  dir: __dirname,
  name: 'needsSheets',
  port: 3003,
  exposes: { './routes': './src/routes.tsx' },
});
