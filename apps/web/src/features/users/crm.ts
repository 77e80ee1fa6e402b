/**
 * The external CRM (docs/product.md#crm-link: an admin user's `pipedrivePersonId` links to a person
 * record there). The person page address is built from this template; `{id}` is the
 * person id.
 */
export const CRM_PERSON_URL_TEMPLATE = 'https://app.pipedrive.com/person/{id}';

/** The CRM page of a person id: `crmPersonUrl(42)` -> https://app.pipedrive.com/person/42. */
export function crmPersonUrl(personId: number, template: string = CRM_PERSON_URL_TEMPLATE): string {
  return template.replace('{id}', encodeURIComponent(String(personId)));
}
