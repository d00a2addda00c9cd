-- Existing listings take the nation and levy area their postcode (or the postcode ending their address) makes
-- certain, by the same areas as common/domain/uk-law.ts. A listing whose area straddles a border, or that has no
-- postcode, keeps England, the law every listing followed until now; its landlord confirms or changes it on the form.
WITH place AS (
  SELECT id,
         substring(upper(coalesce(postcode, address)) from '\m([A-Z]{1,2}[0-9][A-Z0-9]?) ?[0-9][A-Z]{2}\M') AS outward
  FROM properties
), area AS (
  SELECT id, outward, substring(outward from '^[A-Z]+') AS letters FROM place WHERE outward IS NOT NULL
)
UPDATE properties p
SET nation = (CASE
      WHEN a.letters = 'BT' THEN 'Northern Ireland'
      WHEN a.letters IN ('AB', 'DD', 'DG', 'EH', 'FK', 'G', 'HS', 'IV', 'KA', 'KW', 'KY', 'ML', 'PA', 'PH', 'ZE') THEN 'Scotland'
      WHEN a.letters IN ('CF', 'LL', 'SA') THEN 'Wales'
      ELSE 'England'
    END)::uk_nation,
    levy_area = CASE WHEN a.outward ~ '^EH([1-9]|1[0-7])$' THEN 'city_of_edinburgh'::levy_area ELSE NULL END
FROM area a
WHERE a.id = p.id;
