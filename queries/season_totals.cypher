// season_totals: what each season added up to: individual immunity challenges, confessionals, hidden immunity
// idols played, tribal councils; in season order (a rule or shape ranks them)
MATCH (s:Season {version: $version})
OPTIONAL MATCH (s)-[:HAS_EPISODE]->(:Episode)-[w:IMMUNITY_WON_BY {scope: 'individual'}]->(:PlayerSeason)
WITH s, count(DISTINCT w.challenge_id) AS individual_immunity_challenges
OPTIONAL MATCH (s)-[:HAS_EPISODE]->(:Episode)<-[c:CONFESSIONALS_IN]-(:PlayerSeason)
WITH s, individual_immunity_challenges, toInteger(sum(c.count)) AS confessionals
OPTIONAL MATCH (s)-[:HAS_ADVANTAGE]->(a:Advantage)<-[played:PLAYED_ADVANTAGE]-(:PlayerSeason)
WHERE toLower(a.type) CONTAINS 'hidden immunity idol'
WITH s, individual_immunity_challenges, confessionals, count(played) AS idols_played
OPTIONAL MATCH (s)-[:HAS_EPISODE]->(:Episode)-[:HAS_TRIBAL]->(t:TribalCouncil)
RETURN s.number AS season, s.name AS season_name, individual_immunity_challenges, confessionals, idols_played,
       count(t) AS tribal_councils
ORDER BY season
