// Side-effect CSS imports and static assets handled by webpack loaders (see tools/webpack.factory.js).
declare module '*.css';
declare module '*.svg' {
  const url: string;
  export default url;
}
