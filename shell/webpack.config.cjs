const { createConfig } = require('@bo/build');

module.exports = createConfig({
  dir: __dirname,
  name: 'shell',
  port: 3000,
  host: true,
});
