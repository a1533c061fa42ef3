import styled from 'styled-components';
import { COLLECTION_MODE_CHARGES, USER_TEXTS } from '../../domain/admin';
import { PreviewNote, Section } from './styles';

const Charges = styled.dl`
  display: grid;
  grid-template-columns: minmax(120px, max-content) 1fr;
  gap: 6px 16px;
  margin: 8px 0 0;
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
    color: ${({ theme }) => theme.textMuted};
  }
`;

const Checks = styled.ul`
  list-style: none;
  display: flex;
  flex-wrap: wrap;
  gap: 16px;
  padding: 0;
  label {
    display: inline-flex;
    gap: 6px;
    align-items: center;
  }
`;

/** Collection modes (spec 2 §2.7, §9): the provider's service charges, static text. */
export function CollectionModesSection() {
  return (
    <Section aria-labelledby="collection-title">
      <div className="head">
        <h2 id="collection-title">Collection modes</h2>
      </div>
      <p>Service charges for each way customers can pay:</p>
      <Charges>
        {COLLECTION_MODE_CHARGES.map((c) => (
          <div key={c.mode} style={{ display: 'contents' }}>
            <dt>{c.mode}</dt>
            <dd>{c.charge}</dd>
          </div>
        ))}
      </Charges>
      <PreviewNote>Choosing collection modes is not available yet: the provider has no call to save them.</PreviewNote>
    </Section>
  );
}

/** Manage User access (spec 2 §2.7: a static placeholder): users added here get all access. */
export function UserAccessSection() {
  return (
    <Section aria-labelledby="access-title">
      <div className="head">
        <h2 id="access-title">Manage User access (preview)</h2>
      </div>
      <PreviewNote>
        Preview: every user added through admin has All Access; access per user cannot be changed yet.
      </PreviewNote>
      <Checks aria-label="All Access">
        {USER_TEXTS.accessAreas.map((area) => (
          <li key={area}>
            <label>
              <input type="checkbox" checked disabled readOnly /> {area}
            </label>
          </li>
        ))}
      </Checks>
    </Section>
  );
}

/** Reminder and notification templates (spec 2 §2.7: static placeholder text). */
export function TemplatesSection() {
  return (
    <Section aria-labelledby="templates-title">
      <div className="head">
        <h2 id="templates-title">Reminder &amp; Notification Templates (preview)</h2>
      </div>
      <PreviewNote>
        Preview: reminders and payment links go out with the provider&apos;s standard messages. Editing the templates is
        not available yet.
      </PreviewNote>
    </Section>
  );
}
