import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn';

// The few icons of the page shell (header, menu, account button), drawn as lucide-react draws
// them (lucide 1.75, ISC licence: the same attributes and class names) without lucide-react's
// icon runtime, which would otherwise ship in the entry chunk. The pages use lucide-react.

type IconProps = ComponentProps<'svg'>;

function icon(name: string, shapes: ReactNode) {
  function ShellIcon({ className, ...props }: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={24}
        height={24}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        className={cn('lucide', `lucide-${name}`, className)}
        {...props}
      >
        {shapes}
      </svg>
    );
  }
  return ShellIcon;
}

export const ChevronDownIcon = icon('chevron-down', <path d="m6 9 6 6 6-6" />);
export const MenuIcon = icon(
  'menu',
  <>
    <path d="M4 5h16" />
    <path d="M4 12h16" />
    <path d="M4 19h16" />
  </>,
);
export const PhoneIcon = icon(
  'phone',
  <path d="M13.832 16.568a1 1 0 0 0 1.213-.303l.355-.465A2 2 0 0 1 17 15h3a2 2 0 0 1 2 2v3a2 2 0 0 1-2 2A18 18 0 0 1 2 4a2 2 0 0 1 2-2h3a2 2 0 0 1 2 2v3a2 2 0 0 1-.8 1.6l-.468.351a1 1 0 0 0-.292 1.233 14 14 0 0 0 6.392 6.384" />,
);
export const UserIcon = icon(
  'user',
  <>
    <path d="M19 21v-2a4 4 0 0 0-4-4H9a4 4 0 0 0-4 4v2" />
    <circle cx="12" cy="7" r="4" />
  </>,
);
