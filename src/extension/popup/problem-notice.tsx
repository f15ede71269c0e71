import { fixLabels, type FixAction, type Problem } from '../api/problems';

interface ProblemNoticeProps {
  problem: Problem;
  onFix: (action: FixAction) => void;
}

/** A problem in words, with the button that fixes it. */
export function ProblemNotice({ problem, onFix }: ProblemNoticeProps) {
  const { fix } = problem;
  return (
    <div className="notice notice-problem" role="alert">
      <p className="notice-title">{problem.title}</p>
      <p>{problem.text}</p>
      {fix && (
        <button type="button" className="button button-secondary" onClick={() => onFix(fix)}>
          {fixLabels[fix]}
        </button>
      )}
    </div>
  );
}
