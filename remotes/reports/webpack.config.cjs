const { createConfig } = require('@bo/build');

module.exports = createConfig({
  dir: __dirname,
  name: 'reports',
  port: 3004,
  exposes: { './routes': './src/routes.tsx' },
});
