// season_totals: what each season added up to: individual immunity challenges (and the most one person won, the
// wins by women and by men), confessionals, hidden immunity idols played, tribal councils, the cast's average
// age; in season order (a rule or shape ranks or filters them)
MATCH (s:Season {version: $version})
OPTIONAL MATCH (s)-[:HAS_EPISODE]->(:Episode)-[w:IMMUNITY_WON_BY {scope: 'individual'}]->(:PlayerSeason)
WITH s, count(DISTINCT w.challenge_id) AS individual_immunity_challenges
OPTIONAL MATCH (s)-[:HAS_EPISODE]->(:Episode)-[won:IMMUNITY_WON_BY {scope: 'individual'}]->(ps:PlayerSeason)
                <-[:PLAYED_IN]-(p:Player)
WITH s, individual_immunity_challenges, ps, p.gender AS gender, count(DISTINCT won.challenge_id) AS wins
WITH s, individual_immunity_challenges, max(wins) AS most_immunity_wins_by_one,
     toInteger(sum(CASE WHEN gender = 'Female' THEN wins ELSE 0 END)) AS immunity_wins_by_women,
     toInteger(sum(CASE WHEN gender = 'Male' THEN wins ELSE 0 END)) AS immunity_wins_by_men
OPTIONAL MATCH (s)-[:HAS_EPISODE]->(:Episode)<-[c:CONFESSIONALS_IN]-(:PlayerSeason)
WITH s, individual_immunity_challenges, most_immunity_wins_by_one, immunity_wins_by_women, immunity_wins_by_men,
     toInteger(sum(c.count)) AS confessionals
OPTIONAL MATCH (s)-[:HAS_ADVANTAGE]->(a:Advantage)<-[played:PLAYED_ADVANTAGE]-(:PlayerSeason)
WHERE toLower(a.type) CONTAINS 'hidden immunity idol'
WITH s, individual_immunity_challenges, most_immunity_wins_by_one, immunity_wins_by_women, immunity_wins_by_men,
     confessionals, count(played) AS idols_played
OPTIONAL MATCH (s)<-[:IN_SEASON]-(cast:PlayerSeason)
WITH s, individual_immunity_challenges, most_immunity_wins_by_one, immunity_wins_by_women, immunity_wins_by_men,
     confessionals, idols_played, round(avg(cast.age) * 10) / 10.0 AS average_age
OPTIONAL MATCH (s)-[:HAS_EPISODE]->(:Episode)-[:HAS_TRIBAL]->(t:TribalCouncil)
RETURN s.number AS season, s.name AS season_name, individual_immunity_challenges, most_immunity_wins_by_one,
       immunity_wins_by_women, immunity_wins_by_men, confessionals, idols_played, count(t) AS tribal_councils,
       average_age
ORDER BY season
