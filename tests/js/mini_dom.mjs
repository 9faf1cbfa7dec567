// A stand-in document for the node tests of modules that draw SVG (a game's board.js): just
// what static/js/dom.js and the boards use, so that what they draw can be read back without a
// browser. Elements keep attributes, children and text; `dataset`, `classList` and `style`
// work as in a browser; `querySelectorAll` / `querySelector` / `matches` / `closest` take
// compound selectors (tag, #id, .class, [attr], [attr=value]) joined by descendant spaces;
// `addEventListener` listeners run on `dispatch(type, event)` (no bubbling: the boards listen
// on the SVG and look up `event.target.closest(...)`).
//
//   const document = installDocument();   // sets globalThis.document; returns it
//   const svg = document.createElementNS(SVG_NS, "svg");

class Text {
  constructor(text) {
    this.nodeType = 3;
    this.data = String(text);
    this.parentNode = null;
  }

  get textContent() {
    return this.data;
  }
}

function dataName(key) {
  return `data-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

export class Element {
  constructor(tagName, namespaceURI = null) {
    this.nodeType = 1;
    this.tagName = tagName;
    this.namespaceURI = namespaceURI;
    this.attributes = new Map();
    this.childNodes = [];
    this.parentNode = null;
    // Properties as assigned; custom ones ("--dung") through setProperty, as in a browser.
    this.style = Object.defineProperties({}, {
      setProperty: { value(name, value) { this[name] = String(value); } },
      getPropertyValue: { value(name) { return this[name] ?? ""; } },
      removeProperty: { value(name) { delete this[name]; } },
    });
    this.listeners = {};
    const self = this;
    this.dataset = new Proxy({}, {
      get: (_, key) => (typeof key === "string" ? self.getAttribute(dataName(key)) ?? undefined : undefined),
      set: (_, key, value) => {
        self.setAttribute(dataName(key), value);
        return true;
      },
    });
    this.classList = {
      add: (...names) => self._classes(new Set([...self._classNames(), ...names])),
      remove: (...names) => self._classes(new Set(self._classNames().filter((n) => !names.includes(n)))),
      contains: (name) => self._classNames().includes(name),
      toggle: (name, on = !self.classList.contains(name)) => (on ? self.classList.add(name) : self.classList.remove(name), on),
    };
  }

  _classNames() {
    return (this.getAttribute("class") || "").split(/\s+/).filter(Boolean);
  }

  _classes(set) {
    this.setAttribute("class", [...set].join(" "));
  }

  get className() {
    return this.getAttribute("class") || "";
  }

  set className(value) {
    this.setAttribute("class", value);
  }

  get id() {
    return this.getAttribute("id") || "";
  }

  setAttribute(name, value) {
    this.attributes.set(name, String(value));
  }

  getAttribute(name) {
    return this.attributes.has(name) ? this.attributes.get(name) : null;
  }

  hasAttribute(name) {
    return this.attributes.has(name);
  }

  removeAttribute(name) {
    this.attributes.delete(name);
  }

  get children() {
    return this.childNodes.filter((n) => n.nodeType === 1);
  }

  get firstChild() {
    return this.childNodes[0] || null;
  }

  get parentElement() {
    return this.parentNode;
  }

  appendChild(node) {
    if (node.parentNode) node.parentNode.removeChild(node);
    node.parentNode = this;
    this.childNodes.push(node);
    return node;
  }

  append(...nodes) {
    for (const n of nodes) this.appendChild(typeof n === "string" ? new Text(n) : n);
  }

  replaceChildren(...nodes) {
    for (const n of this.childNodes) n.parentNode = null;
    this.childNodes = [];
    this.append(...nodes);
  }

  /** Inserts `nodes` (or strings) just before / after this element in its parent. */
  before(...nodes) {
    this._insertSiblings(nodes, 0);
  }

  after(...nodes) {
    this._insertSiblings(nodes, 1);
  }

  _insertSiblings(nodes, offset) {
    const parent = this.parentNode;
    if (!parent) throw new Error("no parent");
    const made = nodes.map((n) => (typeof n === "string" ? new Text(n) : n));
    for (const n of made) {
      if (n.parentNode) n.parentNode.removeChild(n);
      n.parentNode = parent;
    }
    parent.childNodes.splice(parent.childNodes.indexOf(this) + offset, 0, ...made);
  }

  removeChild(node) {
    const i = this.childNodes.indexOf(node);
    if (i < 0) throw new Error("not a child");
    this.childNodes.splice(i, 1);
    node.parentNode = null;
    return node;
  }

  remove() {
    this.parentNode?.removeChild(this);
  }

  get textContent() {
    return this.childNodes.map((n) => n.textContent).join("");
  }

  set textContent(value) {
    this.replaceChildren(...(value === "" || value === null || value === undefined ? [] : [String(value)]));
  }

  addEventListener(type, listener) {
    (this.listeners[type] ||= []).push(listener);
  }

  /** Runs this element's `type` listeners with `event` (a plain object; `target` defaults to
   * this element, `preventDefault` to a no-op). */
  dispatch(type, event = {}) {
    const e = { target: this, preventDefault() {}, ...event };
    for (const listener of this.listeners[type] || []) listener(e);
  }

  /** Every element below this one, in document order. */
  descendants() {
    const out = [];
    const walk = (node) => {
      for (const c of node.children) {
        out.push(c);
        walk(c);
      }
    };
    walk(this);
    return out;
  }

  matches(selector) {
    return selector.split(",").some((one) => matchesChain(this, parse(one.trim())));
  }

  querySelectorAll(selector) {
    return this.descendants().filter((n) => n.matches(selector));
  }

  querySelector(selector) {
    return this.querySelectorAll(selector)[0] || null;
  }

  closest(selector) {
    for (let n = this; n; n = n.parentNode) if (n.matches(selector)) return n;
    return null;
  }
}

// A selector: a list of compound parts, each {tag, id, classes, attrs: [[name, value|null]]}.
function parse(selector) {
  return selector.split(/\s+/).filter(Boolean).map((part) => {
    const out = { tag: null, id: null, classes: [], attrs: [] };
    const re = /([a-zA-Z][\w-]*)|#([\w-]+)|\.([\w-]+)|\[([\w-]+)(?:=(?:"([^"]*)"|'([^']*)'|([^\]]*)))?\]/g;
    let m;
    let seen = 0;
    while ((m = re.exec(part))) {
      if (m.index !== seen) throw new Error(`selector not understood: ${selector}`);
      seen = re.lastIndex;
      if (m[1]) out.tag = m[1];
      else if (m[2]) out.id = m[2];
      else if (m[3]) out.classes.push(m[3]);
      else out.attrs.push([m[4], m[5] ?? m[6] ?? m[7] ?? null]);
    }
    if (seen !== part.length) throw new Error(`selector not understood: ${selector}`);
    return out;
  });
}

function matchesOne(node, part) {
  if (part.tag && node.tagName !== part.tag) return false;
  if (part.id && node.id !== part.id) return false;
  if (part.classes.some((c) => !node.classList.contains(c))) return false;
  return part.attrs.every(([name, value]) => node.hasAttribute(name) && (value === null || node.getAttribute(name) === value));
}

function matchesChain(node, parts) {
  if (!parts.length || !matchesOne(node, parts[parts.length - 1])) return false;
  let rest = parts.slice(0, -1);
  for (let up = node.parentNode; up && rest.length; up = up.parentNode) {
    if (matchesOne(up, rest[rest.length - 1])) rest = rest.slice(0, -1);
  }
  return rest.length === 0;
}

/** Sets `globalThis.document` to a fresh stand-in document and returns it. */
export function installDocument() {
  const byId = new Map();
  const document = {
    createElementNS: (ns, tag) => new Element(tag, ns),
    createElement: (tag) => new Element(tag),
    createTextNode: (text) => new Text(text),
    getElementById: (id) => byId.get(id) || null,
    register(node) {
      byId.set(node.id, node);
      return node;
    },
  };
  globalThis.document = document;
  return document;
}
