const { createConfig } = require('@bo/build');

module.exports = createConfig({
  dir: __dirname,
  name: 'admin',
  port: 3005,
  exposes: { './routes': './src/routes.tsx' },
});
