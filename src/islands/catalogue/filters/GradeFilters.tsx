/**
 * The graded range filters: colour and clarity (sliders over the ranks, clarity's top mark
 * meaning "I1 and below"), cut / polish / symmetry (positions 0, 25, 50, 75, 100 = ranks
 * 5..1) and fluorescence (positions 0, 25, 60, 95, 125, 155, 195 = ranks 1..7), all through
 * the domain slider mappings.
 */
import {
  CLARITIES,
  CLARITY_SLIDER_MAX,
  COLOURS,
  FINISH_ABBREVIATIONS,
  FINISH_POSITIONS,
  FLUORESCENCE_ABBREVIATIONS,
  FLUORESCENCE_POSITIONS,
} from '../../../domain/grades.ts';
import {
  finishPositionToRank,
  finishRankToPosition,
  finishRanksToSlider,
  finishSliderToRanks,
  fluorescencePositionToRank,
  fluorescenceRankToPosition,
  fluorescenceRanksToSlider,
  fluorescenceSliderToRanks,
  type NumRange,
} from '../../../domain/catalogue/index.ts';
import { RangeSlider } from './RangeSlider.tsx';

type RangeProps = { value: NumRange; onChange: (v: NumRange) => void };

const colourMarks = COLOURS.map((_, i) => i);
const clarityMarks = CLARITIES.slice(0, CLARITY_SLIDER_MAX + 1).map((_, i) => i);
const clarityLabel = (r: number) =>
  r >= CLARITY_SLIDER_MAX ? `${CLARITIES[CLARITY_SLIDER_MAX]}-` : (CLARITIES[r] ?? '');

export function ColourFilter({ value, onChange }: RangeProps) {
  return (
    <RangeSlider
      label="Colour"
      min={0}
      max={COLOURS.length - 1}
      value={value}
      onChange={onChange}
      format={(r) => COLOURS[r] ?? ''}
      marks={colourMarks}
    />
  );
}

export function ClarityFilter({ value, onChange }: RangeProps) {
  return (
    <RangeSlider
      label="Clarity"
      min={0}
      max={CLARITY_SLIDER_MAX}
      value={value}
      onChange={onChange}
      format={clarityLabel}
      marks={clarityMarks}
    />
  );
}

export function FinishFilter({ label, value, onChange }: RangeProps & { label: string }) {
  const finishLabel = (p: number) => FINISH_ABBREVIATIONS[5 - finishPositionToRank(p)] ?? '';
  return (
    <RangeSlider
      label={label}
      min={0}
      max={100}
      step={25}
      value={finishRanksToSlider(value)}
      onChange={(p) => onChange(finishSliderToRanks(p))}
      snap={(p) => finishRankToPosition(finishPositionToRank(p))}
      format={finishLabel}
      marks={FINISH_POSITIONS}
    />
  );
}

export function FluorescenceFilter({ value, onChange }: RangeProps) {
  const last = FLUORESCENCE_POSITIONS[FLUORESCENCE_POSITIONS.length - 1] ?? 195;
  return (
    <RangeSlider
      label="Fluorescence"
      min={0}
      max={last}
      step={5}
      value={fluorescenceRanksToSlider(value)}
      onChange={(p) => onChange(fluorescenceSliderToRanks(p))}
      snap={(p) => fluorescenceRankToPosition(fluorescencePositionToRank(p))}
      format={(p) => FLUORESCENCE_ABBREVIATIONS[fluorescencePositionToRank(p) - 1] ?? ''}
      marks={FLUORESCENCE_POSITIONS}
    />
  );
}
