// Async boundary: lets Module Federation negotiate shared modules before any of them runs.
// `void`: nothing can stand in for the app if this fails; the browser reports the rejection.
void import('./bootstrap');
