// The shell provides every shared module eagerly (sharedModules in tools/webpack.factory.js), so
// its start-up code is part of main.js: one download. import() still runs it only once the
// federation runtime has set up the share scope that remotes will use.
// `void`: nothing can stand in for the shell if this fails; the browser reports the rejection.
void import(/* webpackMode: "eager" */ './bootstrap');
