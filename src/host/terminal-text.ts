// Peer text made safe to print on a terminal (the host shows it to a user; mcpwire-cli prints it,
// mcpwire-bridge passes a server's stderr into an error a host prints). Tool names, descriptions, serverInfo, error
// messages, tool output and a server's stderr are untrusted: printed raw, ESC[2J clears the
// screen, OSC 0 sets the window title, OSC 52 writes the clipboard, and the 8-bit CSI (U+009B)
// does what ESC[ does on many terminals. So these characters are shown, not obeyed:
//   C0 controls U+0000–U+001F except TAB and LF (so ESC, BEL, CR, backspace), DEL U+007F,
//   C1 controls U+0080–U+009F (CSI U+009B, OSC U+009D, …), the line and paragraph separators
//   U+2028/U+2029, and the bidirectional controls (U+061C, U+200E/F, U+202A–U+202E,
//   U+2066–U+2069) that can make text read differently from what it is ("Trojan Source").
// Each becomes the six characters `\uXXXX`: an escape sequence loses its ESC, so the rest of it
// is inert visible text. It is also the escape JSON uses, so escaping JSON text (`--json`
// output) leaves it the same JSON value: C0 is already escaped by JSON.stringify, and what it
// leaves raw (C1, U+2028/9, bidi) can only occur inside strings, where `\uXXXX` means that
// character. Backslashes are left alone: a literal `\u001b` typed by a server looks like an
// escaped ESC, which is harmless.

/** Everything escaped except TAB and LF (kept in multi-line text). */
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;
/** The same, plus TAB and LF: for text that must stay on one line (names, trace lines, a progress bar). */
const UNSAFE_IN_LINE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;

function escape(char: string): string {
  return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** Untrusted text for a terminal: control characters shown as `\uXXXX`, line breaks and tabs kept. */
export function terminalText(text: string): string {
  return text.replace(UNSAFE, escape);
}

/** Untrusted text for one line of a terminal: like terminalText, and LF and TAB are shown too. */
export function terminalLine(text: string): string {
  return text.replace(UNSAFE_IN_LINE, escape);
}
