// The bare Next.js app `npm run bench` measures the app against: the project's own `next`, default
// settings, its own build folder. Built from the project root with `next build --webpack bench/bare-next`:
// Turbopack, whose root has to be the project's (node_modules is there), would take the project's own
// proxy.ts into this app too.
/** @type {import("next").NextConfig} */
const config = { distDir: ".next" };

export default config;
