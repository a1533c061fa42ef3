// Runs before the page's body is parsed: index.html's first paint uses the stored theme's background
// (its style reads this class) instead of waiting for the app's code. 'light' or empty, as the app stores it.
try {
  if (window.localStorage.getItem('theme') === 'light') document.documentElement.classList.add('light');
} catch {
  // Storage can be blocked; the dark default is painted then.
}
