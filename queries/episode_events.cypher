// episode_events: what happened in one episode: who left the game (and how), individual immunity and reward winners;
// `about` keeps one of them (the others come back empty)
MATCH (s:Season {version: $version, number: $season})-[:HAS_EPISODE]->(e:Episode {number: $episode})
OPTIONAL MATCH (e)-[x:ELIMINATED]->(gone:PlayerSeason)
WITH e, collect(DISTINCT gone.name) AS left_the_game, collect(DISTINCT x.result) AS how
OPTIONAL MATCH (e)-[:IMMUNITY_WON_BY {scope: 'individual'}]->(immune:PlayerSeason)
WITH e, left_the_game, how, collect(DISTINCT immune.name) AS individual_immunity
OPTIONAL MATCH (e)-[:REWARD_WON_BY {scope: 'individual'}]->(rewarded:PlayerSeason)
WITH e, left_the_game, how, individual_immunity, collect(DISTINCT rewarded.name) AS individual_reward
RETURN e.season AS season, e.number AS episode, e.title AS title,
       CASE WHEN $about IN ['all', 'exits'] THEN left_the_game ELSE [] END AS left_the_game,
       CASE WHEN $about IN ['all', 'exits'] THEN how ELSE [] END AS how,
       CASE WHEN $about IN ['all', 'immunity'] THEN individual_immunity ELSE [] END AS individual_immunity,
       CASE WHEN $about IN ['all', 'reward'] THEN individual_reward ELSE [] END AS individual_reward
