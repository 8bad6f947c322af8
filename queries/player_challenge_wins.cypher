// player_challenge_wins: one person's challenge wins per season, individual and tribe/team, with episodes
MATCH (p:Player {castaway_id: $castaway_id})-[:PLAYED_IN]->(ps:PlayerSeason)
WHERE $season IS NULL OR ps.season = $season
// One pattern comprehension per projection: FalkorDB empties any later one in the same WITH/RETURN.
WITH ps, [(e:Episode)-[w:IMMUNITY_WON_BY]->(ps) WHERE w.scope = 'individual' | e.number] AS immunity
WITH ps, immunity, [(e:Episode)-[w:REWARD_WON_BY]->(ps) WHERE w.scope = 'individual' | e.number] AS reward
WITH ps, immunity, reward,
     size([(e:Episode)-[w:IMMUNITY_WON_BY]->(ps) WHERE w.scope <> 'individual' | e]) AS tribal_immunity
WITH ps, immunity, reward, tribal_immunity,
     size([(e:Episode)-[w:REWARD_WON_BY]->(ps) WHERE w.scope <> 'individual' | e]) AS tribal_reward
RETURN ps.season AS season, ps.name AS player, size(immunity) AS individual_immunity,
       size(reward) AS individual_reward, tribal_immunity, tribal_reward,
       immunity AS individual_immunity_episodes, reward AS individual_reward_episodes
ORDER BY season
