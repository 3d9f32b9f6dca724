// kurel finds this file from the application's folder upward (cosmiconfig module name `kurel`).
// Plugins are package names or paths, resolved like Node imports from this folder.
export default {
  plugins: ['../plugins/redis-sidecar'],
};
