import type { CurrentUser } from '@contrail/contracts/auth';
import { Link } from '@tanstack/react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { AccountButton } from './account-button';
import { accountLinks } from './account-links';

interface AccountMenuProps {
  user: CurrentUser;
  onSignOut: () => void;
}

/** The signed-in account menu (loaded on demand: signed-out visitors never download it). */
export function AccountMenu({ user, onSignOut }: AccountMenuProps) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <AccountButton firstName={user.firstName} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {accountLinks(user).map((link) => (
          <DropdownMenuItem key={link.to} asChild>
            <Link to={link.to}>{link.label}</Link>
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onSignOut}>Sign Out</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
