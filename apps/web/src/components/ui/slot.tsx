import {
  cloneElement,
  isValidElement,
  useCallback,
  type HTMLAttributes,
  type ReactNode,
  type Ref,
  type RefCallback,
} from 'react';

// `asChild`: a component's props and ref put on its single child element instead of an element
// of its own, merged as Radix's Slot merges them (Radix's own components keep theirs). The shell
// (Button) needs it, and this one is a fraction of Radix's size in the entry chunk.

type Props = Record<string, unknown>;
type Handler = (...args: unknown[]) => unknown;

/** Sets `ref` to `value`; a callback ref's cleanup, if it returned one. */
function setRef<T>(ref: Ref<T> | undefined, value: T | null): unknown {
  if (typeof ref === 'function') return ref(value);
  if (ref) ref.current = value;
  return undefined;
}

/** One ref callback setting each ref; a ref whose callback returned a cleanup is cleaned so. */
function useComposedRef<T>(first: Ref<T> | undefined, second: Ref<T> | undefined): RefCallback<T> {
  return useCallback(
    (node: T | null) => {
      const refs = [first, second];
      const cleanups = refs.map((ref) => setRef(ref, node));
      if (!cleanups.some((cleanup) => typeof cleanup === 'function')) return;
      return () =>
        cleanups.forEach((cleanup, index) => {
          if (typeof cleanup === 'function') (cleanup as () => void)();
          else setRef(refs[index], null);
        });
    },
    [first, second],
  );
}

/** Each id once, in order: the child's, then the slot's. */
function joinIds(...values: unknown[]): string | undefined {
  const ids = new Set<string>();
  for (const value of values) {
    if (typeof value !== 'string') continue;
    for (const id of value.trim().split(/\s+/)) if (id) ids.add(id);
  }
  return ids.size > 0 ? [...ids].join(' ') : undefined;
}

/**
 * The slot's props under the child's: both event handlers run (the child's first), styles and
 * class names are combined, `aria-describedby` lists both; any other prop is the child's.
 */
function mergeProps(slot: Props, child: Props): Props {
  const merged: Props = { ...child };
  for (const name of Object.keys(child)) {
    const slotValue = slot[name];
    const childValue = child[name];
    if (/^on[A-Z]/.test(name)) {
      if (typeof slotValue === 'function' && typeof childValue === 'function') {
        merged[name] = (...args: unknown[]) => {
          const result = (childValue as Handler)(...args);
          (slotValue as Handler)(...args);
          return result;
        };
      } else if (slotValue) merged[name] = slotValue;
    } else if (name === 'style') {
      merged[name] = { ...(slotValue as object), ...(childValue as object) };
    } else if (name === 'className') {
      merged[name] = [slotValue, childValue].filter(Boolean).join(' ');
    } else if (name === 'aria-describedby') {
      merged[name] = joinIds(childValue, slotValue);
    }
  }
  return { ...slot, ...merged };
}

export type SlotProps = HTMLAttributes<HTMLElement> & {
  children?: ReactNode;
  ref?: Ref<HTMLElement>;
};

/** Renders its single child element with these props and ref merged into the child's. */
export function Slot({ children, ref, ...props }: SlotProps) {
  const child = isValidElement<Props>(children) ? children : null;
  const childRef = child?.props.ref as Ref<HTMLElement> | undefined;
  const composed = useComposedRef(ref, childRef);
  if (!child) {
    if (children || children === 0) {
      throw new Error('Slot failed to slot onto its children. Expected a single React element.');
    }
    return children;
  }
  return cloneElement(child, { ...mergeProps(props, child.props), ref: ref ? composed : childRef });
}
