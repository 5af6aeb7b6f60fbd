/**
 * A small, strict XML reader for tests: it throws on anything that is not well-formed
 * (unclosed or mismatched tags, raw `<` or a bare `&` in text, unquoted or duplicate
 * attributes, characters XML 1.0 forbids) and returns the element tree so tests can look
 * inside. It knows only what our feeds and sitemaps use: no DTDs, CDATA or comments.
 */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** The element's own text, entities decoded. */
  text: string;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function isNameChar(c: string): boolean {
  return (
    (c >= "a" && c <= "z") ||
    (c >= "A" && c <= "Z") ||
    (c >= "0" && c <= "9") ||
    c === ":" ||
    c === "_" ||
    c === "-" ||
    c === "."
  );
}

function isXmlChar(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    code >= 0x10000
  );
}

function decodeText(raw: string, where: number): string {
  let out = "";
  let i = 0;
  while (i < raw.length) {
    const c = raw[i] ?? "";
    if (c === "<") throw new Error(`raw "<" in text near ${where + i}`);
    if (c !== "&") {
      out += c;
      i += 1;
      continue;
    }
    const end = raw.indexOf(";", i);
    if (end === -1) throw new Error(`bare "&" near ${where + i}`);
    const name = raw.slice(i + 1, end);
    if (name.startsWith("#x")) out += String.fromCodePoint(parseInt(name.slice(2), 16));
    else if (name.startsWith("#")) out += String.fromCodePoint(parseInt(name.slice(1), 10));
    else if (Object.hasOwn(ENTITIES, name)) out += ENTITIES[name];
    else throw new Error(`unknown entity &${name}; near ${where + i}`);
    i = end + 1;
  }
  return out;
}

export function parseXml(xml: string): XmlElement {
  for (const char of xml) {
    const code = char.codePointAt(0) ?? 0;
    if (!isXmlChar(code)) throw new Error(`character U+${code.toString(16)} is not allowed`);
  }
  let i = 0;
  if (xml.startsWith("<?xml")) {
    const end = xml.indexOf("?>");
    if (end === -1) throw new Error("unterminated XML declaration");
    i = end + 2;
  }
  const root: XmlElement = { name: "#document", attributes: {}, children: [], text: "" };
  const stack: XmlElement[] = [root];
  const top = (): XmlElement => stack[stack.length - 1] ?? root;

  const readName = (): string => {
    const start = i;
    while (i < xml.length && isNameChar(xml[i] ?? "")) i += 1;
    if (i === start) throw new Error(`expected a name at ${start}`);
    return xml.slice(start, i);
  };
  const skipSpace = () => {
    while (i < xml.length && " \t\r\n".includes(xml[i] ?? "")) i += 1;
  };

  while (i < xml.length) {
    const lt = xml.indexOf("<", i);
    const textEnd = lt === -1 ? xml.length : lt;
    const text = decodeText(xml.slice(i, textEnd), i);
    if (stack.length === 1 && text.trim() !== "") throw new Error("text outside the root");
    top().text += text;
    if (lt === -1) break;
    i = lt + 1;
    if (xml[i] === "/") {
      i += 1;
      const name = readName();
      skipSpace();
      if (xml[i] !== ">") throw new Error(`bad closing tag </${name} at ${i}`);
      i += 1;
      const open = stack.pop();
      if (!open || open === root || open.name !== name) {
        throw new Error(`</${name}> closes <${open?.name ?? "nothing"}>`);
      }
      continue;
    }
    const element: XmlElement = { name: readName(), attributes: {}, children: [], text: "" };
    if (stack.length === 1 && root.children.length > 0) throw new Error("two root elements");
    top().children.push(element);
    for (;;) {
      skipSpace();
      if (xml.startsWith("/>", i)) {
        i += 2;
        break;
      }
      if (xml[i] === ">") {
        i += 1;
        stack.push(element);
        break;
      }
      const attribute = readName();
      skipSpace();
      if (xml[i] !== "=") throw new Error(`attribute ${attribute} has no value`);
      i += 1;
      skipSpace();
      const quote = xml[i];
      if (quote !== '"' && quote !== "'") throw new Error(`unquoted attribute ${attribute}`);
      const end = xml.indexOf(quote, i + 1);
      if (end === -1) throw new Error(`unterminated attribute ${attribute}`);
      if (Object.hasOwn(element.attributes, attribute)) {
        throw new Error(`duplicate attribute ${attribute}`);
      }
      element.attributes[attribute] = decodeText(xml.slice(i + 1, end), i + 1);
      i = end + 1;
    }
  }
  if (stack.length !== 1) throw new Error(`<${top().name}> is never closed`);
  const [documentElement] = root.children;
  if (!documentElement || root.children.length !== 1) throw new Error("no single root element");
  return documentElement;
}

/** Every descendant element named `name`, in document order. */
export function findAll(element: XmlElement, name: string): XmlElement[] {
  return element.children.flatMap((child) => [
    ...(child.name === name ? [child] : []),
    ...findAll(child, name),
  ]);
}

/** The text of the first descendant named `name`, or undefined. */
export function textOf(element: XmlElement, name: string): string | undefined {
  return findAll(element, name)[0]?.text;
}
