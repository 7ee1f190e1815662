const { createConfig } = require('@bo/build');

module.exports = createConfig({
  dir: __dirname,
  name: 'agenda',
  port: 3001,
  exposes: { './routes': './src/routes.tsx' },
});
