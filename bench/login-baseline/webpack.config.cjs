// The baseline of the login benchmark: the same antd login card, one page, no module federation.
const { createConfig } = require('@bo/build');

module.exports = createConfig({
  dir: __dirname,
  name: 'loginBaseline',
  port: 3099,
  host: true,
  federation: false,
  // The shell's own page, so both load the same HTML and stylesheet.
  template: require.resolve('../../shell/src/index.html'),
});
