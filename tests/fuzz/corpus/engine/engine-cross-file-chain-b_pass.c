/* expect-none */
void sink_c(int *data);

void sink_b(int *data)
{
	sink_c(data);
}
