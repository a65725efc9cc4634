import { useId } from 'react';
import {
  COLOUR_SCHEMES,
  SCHEME_LABELS,
  colourName,
  readableTextColour,
  schemeColours,
  type ColourScheme,
} from '../../domain/colour-schemes';
import { UNIT_TYPES } from '../../domain/unit-naming';
import { colourChoice, type Preferences } from '../../data/settings/preferences';
import { PreferencesForm } from './preferences-form';
import { usePreferencesForm } from './use-preferences-form';

const FIELDS = ['storage_colors'] as const;
const TYPE_LABELS = { bay: 'Bay', box: 'Box', cabinet: 'Cabinet', bin: 'Bin' } as const;

/**
 * A scheme's colours, one swatch per unit type in the legend's order, each named in words
 * ('Bay: Blue') for the pointer's tooltip and screen readers, not by a letter.
 */
function Swatches({ id, colours }: { id: string; colours: Record<string, string> }) {
  return (
    <span className="swatches" id={id} data-testid="scheme-swatches">
      {UNIT_TYPES.map((type) => {
        const name = `${TYPE_LABELS[type]}: ${colourName(colours[type] ?? '')}`;
        return (
          <span
            key={type}
            className="swatch"
            role="img"
            aria-label={name}
            title={name}
            style={{ background: colours[type] }}
          />
        );
      })}
    </span>
  );
}

export function AppearanceSettings({ stored }: { stored: Preferences }) {
  const form = usePreferencesForm(stored, FIELDS);
  const id = useId();
  const { currentScheme, customColors, colors } = form.draft.storage_colors;
  const choose = (scheme: ColourScheme, custom = customColors) =>
    form.set('storage_colors', colourChoice(scheme, custom));

  return (
    <PreferencesForm
      testId="settings-appearance"
      onSave={() => form.submit()}
      dirty={form.dirty}
      saving={form.saving}
    >
      <fieldset className="settings__fieldset">
        <legend>Colour scheme for storage units</legend>
        <div className="scheme-grid">
          {COLOUR_SCHEMES.map((scheme) => (
            <label key={scheme} className="scheme-option" data-testid={`scheme-${scheme}`}>
              <input
                type="radio"
                name={`${id}-scheme`}
                value={scheme}
                checked={currentScheme === scheme}
                onChange={() => choose(scheme)}
                // named by the scheme alone; its colours are read after it, as its description
                aria-label={SCHEME_LABELS[scheme]}
                aria-describedby={`${id}-${scheme}-swatches`}
              />
              <span>{SCHEME_LABELS[scheme]}</span>
              <Swatches
                id={`${id}-${scheme}-swatches`}
                colours={
                  scheme === 'custom'
                    ? schemeColours({ currentScheme: 'custom', customColors })
                    : schemeColours({ currentScheme: scheme })
                }
              />
            </label>
          ))}
        </div>
      </fieldset>

      {currentScheme === 'custom' ? (
        <fieldset className="settings__fieldset" data-testid="custom-colours">
          <legend>Custom colours per unit type</legend>
          {UNIT_TYPES.map((type) => (
            <div className="field field--colour" key={type}>
              <label htmlFor={`${id}-${type}`}>{TYPE_LABELS[type]}</label>
              <input
                id={`${id}-${type}`}
                type="color"
                value={colors[type]}
                onChange={(event) =>
                  choose('custom', { ...customColors, [type]: event.target.value.toLowerCase() })
                }
                data-testid={`custom-colour-${type}`}
              />
            </div>
          ))}
        </fieldset>
      ) : null}

      <div className="field">
        <span className="field__label">Preview</span>
        <div className="unit-preview" data-testid="colour-preview">
          {UNIT_TYPES.map((type) => (
            <span
              key={type}
              className="unit-preview__unit"
              style={{ background: colors[type], color: readableTextColour(colors[type]) }}
              data-testid={`preview-${type}`}
              data-colour={colors[type]}
            >
              {TYPE_LABELS[type]}
            </span>
          ))}
        </div>
      </div>
    </PreferencesForm>
  );
}
