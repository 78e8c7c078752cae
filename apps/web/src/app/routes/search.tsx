import { PagePlaceholder } from '../../components/page-placeholder';

export function SearchRoute() {
  return <PagePlaceholder title="Search Results" />;
}
