const { createConfig } = require('@bo/build');

module.exports = createConfig({
  dir: __dirname,
  name: 'contacts',
  port: 3002,
  exposes: { './routes': './src/routes.tsx' },
});
