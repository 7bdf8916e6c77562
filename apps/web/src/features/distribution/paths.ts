/** The authorisation form (create, or edit a draft with ?id=): only this feature links to it. */
export const AGENT_FORM_PATH = '/agent/agentForm';

/** The form's address, for a draft when given its id. */
export const agentFormUrl = (id?: number) => (id ? `${AGENT_FORM_PATH}?id=${id}` : AGENT_FORM_PATH);
