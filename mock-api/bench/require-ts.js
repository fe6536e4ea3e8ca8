/** Lets Node require mock-api's TypeScript sources (transpile only, like the tests' ts-jest). For the bench scripts. */
const path = require('path');
const fs = require('fs');
const Module = require('module');

function requireTypeScript() {
  const ts = require('typescript');
  require.extensions['.ts'] = (module, filename) => {
    const { outputText } = ts.transpileModule(fs.readFileSync(filename, 'utf8'), {
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2020, esModuleInterop: true },
      fileName: filename,
    });
    module._compile(outputText, filename);
  };
  const resolve = Module._resolveFilename;
  Module._resolveFilename = function (request, parent, ...rest) {
    try {
      return resolve.call(this, request, parent, ...rest);
    } catch (error) {
      if (parent && request.startsWith('.')) {
        for (const candidate of [`${request}.ts`, `${request}/index.ts`]) {
          const file = path.resolve(path.dirname(parent.filename), candidate);
          if (fs.existsSync(file)) return file;
        }
      }
      throw error;
    }
  };
}

module.exports = { requireTypeScript };
