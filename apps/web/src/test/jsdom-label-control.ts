// jsdom finds the control of a `<label for>` by walking the whole document for the id, and a
// field's `labels` asks that of every label: on a page with a few hundred options (the country
// lists of the passenger forms) every label query walked the tree hundreds of times. The
// document's own id lookup (jsdom keeps it indexed) names the same element: the first with that
// id in tree order, which is a label's control when it is labelable.
import { createRequire } from 'node:module';

interface NodeImpl {
  getAttributeNS(namespace: null, name: string): string | null;
  getRootNode(options: object): {
    _byIdCache?: unknown;
    getElementById?: (id: string) => unknown;
  };
}

const require = createRequire(import.meta.url);
const label = require('jsdom/lib/jsdom/living/nodes/HTMLLabelElement-impl.js') as {
  implementation: { prototype: object };
};
const formControls = require('jsdom/lib/jsdom/living/helpers/form-controls.js') as {
  isLabelable: (node: unknown) => boolean;
};
const walked = Object.getOwnPropertyDescriptor(label.implementation.prototype, 'control');
if (!walked?.get) throw new Error("jsdom's HTMLLabelElement no longer has a control getter");

Object.defineProperty(label.implementation.prototype, 'control', {
  configurable: true,
  get(this: NodeImpl): unknown {
    const id = this.getAttributeNS(null, 'for');
    const root = this.getRootNode({});
    if (!id || root._byIdCache === undefined || !root.getElementById) return walked.get?.call(this);
    const element = root.getElementById.call(root, id);
    return element && formControls.isLabelable(element) ? element : null;
  },
});
