-- Institutes made before the cashier's day closing posted cash over and short get the default
-- chart's account for it (Other expenses › Cash differences › Cash over and short) and its
-- mapping, where their chart still holds the default "Other expenses" group and nothing of
-- those codes, so that closing a day with a difference is not refused for want of a mapping.
-- Any other chart is left as its accountants made it: they map the purpose themselves.
WITH missing AS (
  SELECT p.institute_id, p.id AS parent_id
  FROM accounts p
  WHERE p.gl_code = '50102' AND p.account_type = 'expense' AND p.level = 3
    AND NOT EXISTS (SELECT 1 FROM coa_mappings m
      WHERE m.institute_id = p.institute_id AND m.purpose = 'cash_over_short')
    AND NOT EXISTS (SELECT 1 FROM accounts a
      WHERE a.institute_id = p.institute_id AND a.gl_code IN ('5010202', '5010202001'))
), groups AS (
  INSERT INTO accounts (institute_id, parent_id, level, account_type, gl_code, name)
  SELECT institute_id, parent_id, 4, 'expense', '5010202', 'Cash differences' FROM missing
  RETURNING institute_id, id
), leaves AS (
  INSERT INTO accounts (institute_id, parent_id, level, account_type, gl_code, name)
  SELECT institute_id, id, 5, 'expense', '5010202001', 'Cash over and short' FROM groups
  RETURNING institute_id, id
)
INSERT INTO coa_mappings (institute_id, purpose, key, account_id)
SELECT institute_id, 'cash_over_short', '', id FROM leaves;
