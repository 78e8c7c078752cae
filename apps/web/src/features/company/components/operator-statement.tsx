import type { PageOperator } from '../lib/operator';

/** '{brand} is operated by {company}, a company registered in the United Kingdom …'. */
export function OperatorStatement({
  brandName,
  company,
}: {
  brandName: string;
  company: PageOperator['company'];
}) {
  if (!company) {
    return <>{brandName} is operated by a company registered in the United Kingdom.</>;
  }
  return (
    <>
      {brandName} is operated by {company.companyName}, a company registered in the United Kingdom
      under company number {company.companyNumber}, whose registered office is at{' '}
      {company.registeredOffice}.
    </>
  );
}
